import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { member, renderSettings, serverDefaults, stopSettingsSagas } from './test/settings-store';

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

const refusal = (code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status: 400 });

/** POST /api/auth/password answering with `answer`; the bodies it got. */
function servePasswordChange(
  answer: () => Response | Promise<Response> = () =>
    HttpResponse.json({ success: true, message: 'Senha alterada com sucesso!' }),
) {
  const bodies: unknown[] = [];
  const headers: Headers[] = [];
  server.use(
    http.post('/api/auth/password', async ({ request }) => {
      bodies.push(await request.json());
      headers.push(request.headers);
      return answer();
    }),
  );
  return { bodies, headers };
}

const section = () => screen.getByRole('region', { name: 'Alterar senha' });
const field = (label: string) => within(section()).getByLabelText(label, { exact: true });

/** Opens Configurações > Segurança as `role`. */
async function openSecurity(role: Parameters<typeof member>[0] = 'Agente') {
  const user = userEvent.setup();
  renderSettings(member(role));
  await user.click(await screen.findByRole('tab', { name: 'Segurança' }));
  return user;
}

async function fill(user: UserEvent, current: string, next: string, confirmation = next) {
  if (current) await user.type(field('Senha atual'), current);
  if (next) await user.type(field('Nova senha'), next);
  if (confirmation) await user.type(field('Confirmar nova senha'), confirmation);
}

describe('Configurações > Segurança > Alterar senha', () => {
  it('lets an Agente (settings read-only) change their own password: POSTs it, says so, clears the fields', async () => {
    const api = servePasswordChange();
    const user = await openSecurity('Agente');
    // The workspace's fields are read-only for an Agente; their own password is not.
    expect(screen.getByRole('switch', { name: 'Autenticação em dois fatores' })).toBeDisabled();
    expect(field('Senha atual')).toHaveAttribute('type', 'password');
    expect(field('Senha atual')).toHaveAttribute('autocomplete', 'current-password');
    expect(field('Senha atual')).toBeEnabled();
    expect(field('Nova senha')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('Confirmar nova senha')).toHaveAttribute('autocomplete', 'new-password');

    await fill(user, 'senha-antiga', 'senha-nova-123');
    await user.click(within(section()).getByRole('button', { name: 'Alterar senha' }));

    expect(await within(section()).findByRole('status')).toHaveTextContent('Senha alterada com sucesso!');
    expect(api.bodies).toEqual([{ currentPassword: 'senha-antiga', newPassword: 'senha-nova-123' }]);
    expect(api.headers[0]!.get('X-Requested-With')).toBe('XMLHttpRequest');
    for (const label of ['Senha atual', 'Nova senha', 'Confirmar nova senha']) {
      expect(field(label)).toHaveValue('');
    }
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Alterando...' (disabled) while the server answers", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = servePasswordChange(async () => {
      await answered;
      return HttpResponse.json({ success: true, message: 'Senha alterada com sucesso!' });
    });
    const user = await openSecurity('Owner');
    await fill(user, 'senha-antiga', 'senha-nova-123');
    await user.click(within(section()).getByRole('button', { name: 'Alterar senha' }));
    const busy = await within(section()).findByRole('button', { name: 'Alterando...' });
    expect(busy).toBeDisabled();
    answer();
    expect(await within(section()).findByRole('status')).toHaveTextContent('Senha alterada com sucesso!');
    expect(within(section()).getByRole('button', { name: 'Alterar senha' })).toBeEnabled();
    expect(api.bodies).toHaveLength(1);
  });

  it('checks the new password on the client first: the confirmation, the length, the current one', async () => {
    const api = servePasswordChange();
    const user = await openSecurity('Supervisor');
    const submit = within(section()).getByRole('button', { name: 'Alterar senha' });

    await fill(user, 'senha-antiga', 'senha-nova-123', 'senha-nova-124');
    await user.click(submit);
    expect(within(section()).getByRole('alert')).toHaveTextContent('As senhas não conferem');

    await user.clear(field('Nova senha'));
    await user.clear(field('Confirmar nova senha'));
    await fill(user, '', 'curta', 'curta');
    await user.click(submit);
    expect(within(section()).getByRole('alert')).toHaveTextContent(
      'A nova senha deve ter pelo menos 8 caracteres',
    );

    await user.clear(field('Senha atual'));
    await user.click(submit);
    expect(within(section()).getByRole('alert')).toHaveTextContent('Informe a senha atual');
    expect(api.bodies).toEqual([]);

    // Fixed, it goes through and the client's complaint is gone.
    await fill(user, 'senha-antiga', '', '');
    await user.type(field('Nova senha'), '-longa');
    await user.type(field('Confirmar nova senha'), '-longa');
    await user.click(submit);
    expect(await within(section()).findByRole('status')).toHaveTextContent('Senha alterada com sucesso!');
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.bodies).toEqual([{ currentPassword: 'senha-antiga', newPassword: 'curta-longa' }]);
  });

  it.each([
    ['WRONG_PASSWORD', 'Senha atual incorreta'],
    ['PASSWORD_UNCHANGED', 'A nova senha deve ser diferente da atual'],
    ['PASSWORD_TOO_SHORT', 'A nova senha deve ter pelo menos 8 caracteres'],
    ['PASSWORD_NOT_LOCAL', 'Esta conta não tem senha aqui'],
  ])("shows the server's %s text and keeps what was typed", async (code, text) => {
    servePasswordChange(() => refusal(code, text));
    const user = await openSecurity('Admin');
    await fill(user, 'senha-antiga', 'senha-nova-123');
    await user.click(within(section()).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(text);
    expect(within(section()).queryByRole('status')).not.toBeInTheDocument();
    expect(field('Senha atual')).toHaveValue('senha-antiga');
    expect(field('Nova senha')).toHaveValue('senha-nova-123');
    expect(within(section()).getByRole('button', { name: 'Alterar senha' })).toBeEnabled();
  });

  it('forgets the last answer when the tab is left', async () => {
    servePasswordChange(() => refusal('WRONG_PASSWORD', 'Senha atual incorreta'));
    const user = await openSecurity('Agente');
    await fill(user, 'errada-123', 'senha-nova-123');
    await user.click(within(section()).getByRole('button', { name: 'Alterar senha' }));
    await within(section()).findByRole('alert');
    await user.click(screen.getByRole('tab', { name: 'Empresa' }));
    await user.click(screen.getByRole('tab', { name: 'Segurança' }));
    await waitFor(() => expect(within(section()).queryByRole('alert')).not.toBeInTheDocument());
    expect(field('Senha atual')).toHaveValue('');
  });
});
