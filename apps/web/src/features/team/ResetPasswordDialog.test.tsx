import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import type { Me } from '../../api/types';
import TeamPage from '../dashboard/TeamPage';
import { formatLastActive } from './team-logic';
import { ACTED_AT, failure, member, team, teamApi, viewerAs } from './test/team-fixtures';
import { createTeamStore } from './test/team-store';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Equipe over the in-memory /api/team, signed in as `viewer` (who is also the API's actor). */
async function renderTeam(viewer: Me, members = team()) {
  const api = teamApi(members, viewer.id);
  server.use(...api.handlers);
  const user = userEvent.setup();
  render(
    <Provider store={createTeamStore(viewer)}>
      <TeamPage />
    </Provider>,
  );
  await screen.findByRole('table', { name: 'Membros da equipe' });
  return { api, user };
}

const owner = viewerAs('Owner', 'u_owner');
const admin = viewerAs('Admin', 'u_admin');
const resetButton = (name: string) => screen.queryByRole('button', { name: `Redefinir senha de ${name}` });
const CONFIRM =
  'Redefinir a senha de Diego Atendente? A pessoa sairá de todas as sessões e definirá uma nova senha no próximo acesso.';

describe('Equipe > Redefinir senha', () => {
  it('resets after the confirmation and shows the one-time password once', async () => {
    const { api, user } = await renderTeam(owner);
    await user.click(resetButton('Diego Atendente')!);
    let confirm = screen.getByRole('dialog', { name: 'Redefinir senha' });
    expect(confirm).toHaveAccessibleDescription(CONFIRM);
    // Cancelar is focused first, so Enter does not reset.
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.click(resetButton('Diego Atendente')!);
    confirm = screen.getByRole('dialog', { name: 'Redefinir senha' });
    await user.click(within(confirm).getByRole('button', { name: 'Redefinir senha' }));

    const credentials = await screen.findByRole('dialog', { name: 'Senha redefinida' });
    expect(api.writes()).toEqual([{ method: 'POST', path: '/api/team/u_agente/password-reset' }]);
    expect(screen.queryByRole('dialog', { name: 'Redefinir senha' })).not.toBeInTheDocument();
    expect(credentials).toHaveAccessibleDescription('Dados de acesso de Diego Atendente');
    expect(within(credentials).getByText('diego@loja.com')).toBeInTheDocument();
    expect(within(credentials).getByLabelText('Senha provisória')).toHaveValue('Rd9-senha-u_agente');
    expect(within(credentials).getByText(/não será mostrada novamente/)).toHaveTextContent(
      'definirá uma nova senha ao entrar',
    );
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(credentials).getByRole('button', { name: 'Copiar senha' }));
    expect(writeText).toHaveBeenCalledWith('Rd9-senha-u_agente');

    await user.click(within(credentials).getByRole('button', { name: 'Concluir' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('Rd9-senha-u_agente')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Senha redefinida: entregue a senha provisória à pessoa',
    );
    // The list is read again: the reset was the owner's activity.
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Ana Dona/ })).getByText(formatLastActive(ACTED_AT)),
      ).toBeInTheDocument(),
    );
  });

  it('an Owner: offered on every row but their own (another Owner too)', async () => {
    await renderTeam(owner, [...team(), member({ id: 'u_socia', name: 'Sócia Dona', role: 'Owner' })]);
    expect(resetButton('Ana Dona')).not.toBeInTheDocument();
    for (const name of [
      'Sócia Dona',
      'Bruno Admin',
      'Carla Supervisora',
      'Diego Atendente',
      'Érica Inativa',
    ]) {
      expect(resetButton(name)).toBeInTheDocument();
    }
  });

  it("an Admin: not on their own row nor an Owner's", async () => {
    await renderTeam(admin);
    expect(resetButton('Bruno Admin')).not.toBeInTheDocument();
    expect(resetButton('Ana Dona')).not.toBeInTheDocument();
    expect(resetButton('Diego Atendente')).toBeInTheDocument();
  });

  it('a Supervisor reads the table without the reset', async () => {
    await renderTeam(viewerAs('Supervisor', 'u_supervisor'));
    expect(screen.queryByRole('button', { name: /^Redefinir senha/ })).not.toBeInTheDocument();
  });

  it('shows the server refusal (an account another company shares) in the confirmation', async () => {
    const { user } = await renderTeam(owner);
    server.use(
      http.post('/api/team/:id/password-reset', () =>
        failure(
          409,
          'ACCOUNT_SHARED',
          'Esta conta também é de outra empresa: só a própria pessoa pode trocar a senha',
        ),
      ),
    );
    await user.click(resetButton('Carla Supervisora')!);
    const confirm = screen.getByRole('dialog', { name: 'Redefinir senha' });
    await user.click(within(confirm).getByRole('button', { name: 'Redefinir senha' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Esta conta também é de outra empresa: só a própria pessoa pode trocar a senha',
    );
    expect(screen.queryByRole('dialog', { name: 'Senha redefinida' })).not.toBeInTheDocument();
    // The refusal can be read and the dialog closed; a new try starts clean.
    expect(within(confirm).getByRole('button', { name: 'Redefinir senha' })).toBeEnabled();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await user.click(resetButton('Carla Supervisora')!);
    expect(
      within(screen.getByRole('dialog', { name: 'Redefinir senha' })).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });

  it("shows 'Redefinindo...' while the server answers", async () => {
    const { user } = await renderTeam(owner);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/team/:id/password-reset', async () => {
        await answered;
        return HttpResponse.json({ success: true, oneTimePassword: 'Zz1-unica', message: 'ok' });
      }),
    );
    await user.click(resetButton('Diego Atendente')!);
    const confirm = screen.getByRole('dialog', { name: 'Redefinir senha' });
    await user.click(within(confirm).getByRole('button', { name: 'Redefinir senha' }));
    expect(within(confirm).getByRole('button', { name: 'Redefinindo...' })).toBeDisabled();
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    answer();
    const credentials = await screen.findByRole('dialog', { name: 'Senha redefinida' });
    expect(within(credentials).getByLabelText('Senha provisória')).toHaveValue('Zz1-unica');
  });
});
