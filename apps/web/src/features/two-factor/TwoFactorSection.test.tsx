import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Me } from '../../api/types';
import { member, renderSettings, serverDefaults, stopSettingsSagas } from '../settings/test/settings-store';
import {
  APP_CODE,
  DISABLED,
  ENABLED,
  RECOVERY_CODES,
  REQUIRED_BY_WORKSPACE,
  TOTP_INVALID,
  serveTwoFactor,
} from './test/two-factor-server';

const server = setupServer(
  http.get('/api/settings', () =>
    HttpResponse.json({ success: true, settings: serverDefaults(), companyName: 'Minha Empresa' }),
  ),
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  stopSettingsSagas();
  server.resetHandlers();
});
afterAll(() => server.close());

const section = () => screen.getByRole('region', { name: 'Verificação em duas etapas' });

/** Opens Configurações > Segurança as `user`. */
async function openSecurity(user: Me) {
  const events = userEvent.setup();
  const view = renderSettings(user);
  await events.click(await screen.findByRole('tab', { name: 'Segurança' }));
  return { events, ...view };
}

describe('Configurações > Segurança > Verificação em duas etapas', () => {
  it('lets an Agente turn it on: the enrolment in a dialog, then Ativada', async () => {
    const agent = member('Agente', { twoFactor: { enabled: false, required: false } });
    const api = serveTwoFactor(server, agent);
    const { events, store } = await openSecurity(agent);
    expect(within(section()).getByText('Desativada')).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Desativar' })).not.toBeInTheDocument();

    await events.click(within(section()).getByRole('button', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ativar a verificação em duas etapas' });
    await within(dialog).findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    await events.type(within(dialog).getByLabelText('Código do aplicativo'), APP_CODE);
    await events.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    await within(dialog).findByRole('list', { name: 'Códigos de recuperação' });
    await events.click(within(dialog).getByRole('button', { name: 'Concluir' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section()).getByRole('status')).toHaveTextContent(ENABLED);
    expect(await within(section()).findByText('Ativada')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Desativar' })).toBeInTheDocument();
    expect(store.getState().auth.user?.twoFactor).toEqual({ enabled: true, required: false });
    expect(api.state.meCalls).toBe(1);
  });

  it('asks for the user again when the dialog is closed after turning it on, without Concluir', async () => {
    const agent = member('Supervisor', { twoFactor: { enabled: false, required: false } });
    const api = serveTwoFactor(server, agent);
    const { events } = await openSecurity(agent);
    await events.click(within(section()).getByRole('button', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ativar a verificação em duas etapas' });
    await events.type(await within(dialog).findByLabelText('Código do aplicativo'), APP_CODE);
    await events.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    await within(dialog).findByRole('list', { name: 'Códigos de recuperação' });
    await events.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(section()).findByText('Ativada')).toBeInTheDocument();
    expect(within(section()).getByRole('status')).toHaveTextContent(ENABLED);
    expect(api.state.meCalls).toBe(1);
  });

  it("turns it off with a code: the server's text for a wrong one, then Desativada", async () => {
    const owner = member('Owner', { twoFactor: { enabled: true, required: false } });
    const api = serveTwoFactor(server, owner, { enabled: true });
    const { events, store } = await openSecurity(owner);
    expect(within(section()).getByText('Ativada')).toBeInTheDocument();

    await events.click(within(section()).getByRole('button', { name: 'Desativar' }));
    const dialog = screen.getByRole('dialog', { name: 'Desativar a verificação em duas etapas' });
    const code = within(dialog).getByLabelText('Código do aplicativo ou de recuperação');
    await events.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Digite um código');

    await events.type(code, '000 000');
    await events.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TOTP_INVALID);

    await events.clear(code);
    await events.type(code, RECOVERY_CODES[3]!);
    await events.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(section()).getByRole('status')).toHaveTextContent(DISABLED);
    expect(await within(section()).findByText('Desativada')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Ativar' })).toBeInTheDocument();
    expect(store.getState().auth.user?.twoFactor?.enabled).toBe(false);
    expect(api.bodies).toEqual([
      { path: 'disable', body: { code: '000000' } },
      { path: 'disable', body: { code: RECOVERY_CODES[3] } },
    ]);
  });

  it("says the workspace requires it, and shows the server's refusal to turn it off", async () => {
    const admin = member('Admin', { twoFactor: { enabled: true, required: true } });
    serveTwoFactor(server, admin, { enabled: true, required: true });
    const { events } = await openSecurity(admin);
    expect(within(section()).getByText('A empresa exige a verificação em duas etapas.')).toBeInTheDocument();

    await events.click(within(section()).getByRole('button', { name: 'Desativar' }));
    const dialog = screen.getByRole('dialog', { name: 'Desativar a verificação em duas etapas' });
    await events.type(within(dialog).getByLabelText('Código do aplicativo ou de recuperação'), APP_CODE);
    await events.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REQUIRED_BY_WORKSPACE);

    await events.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section()).getByText('Ativada')).toBeInTheDocument();
  });

  it('shows Desativada when the server does not say (an older answer without twoFactor)', async () => {
    await openSecurity(member('Agente'));
    expect(within(section()).getByText('Desativada')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Ativar' })).toBeEnabled();
  });
});
