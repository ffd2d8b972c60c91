import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import type { Me } from '../../api/types';
import TeamPage from '../dashboard/TeamPage';
import { ACTED_AT, failure, member, team, teamApi, viewerAs } from './test/team-fixtures';
import { formatLastActive } from './team-logic';
import { createTeamStore } from './test/team-store';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Renders the screen over `api`; `overrides` answer before it. */
function renderTeam(viewer: Me, api = teamApi(), ...overrides: Parameters<typeof server.use>) {
  server.use(...api.handlers);
  if (overrides.length > 0) server.use(...overrides);
  const store = createTeamStore(viewer);
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <TeamPage />
    </Provider>,
  );
  return { api, store, user };
}

const owner = viewerAs('Owner', 'u_owner');
const admin = viewerAs('Admin', 'u_admin');
const table = () => screen.getByRole('table', { name: 'Membros da equipe' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });
const shownNames = () =>
  rows().map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.firstChild!.textContent);

describe('Equipe', () => {
  it('lists the members with role, status and last activity (pt-BR or Nunca)', async () => {
    renderTeam(owner);
    expect(screen.getByRole('heading', { name: 'Equipe' })).toBeInTheDocument();
    expect(screen.getByText('Gerencie usuários e administradores')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Membros da equipe' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Membro', 'Função', 'Status', 'Última atividade', 'Ações']);
    expect(rows()).toHaveLength(5);
    const ana = rowOf('Ana Dona');
    expect(ana).toHaveTextContent('ana@loja.com');
    expect(ana).toHaveTextContent('Owner');
    expect(ana).toHaveTextContent('Ativo');
    const expected = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date('2025-03-10T13:45:00.000Z'),
    );
    expect(within(ana).getByText(expected)).toHaveAttribute('datetime', '2025-03-10T13:45:00.000Z');
    expect(rowOf('Diego Atendente')).toHaveTextContent('Nunca');
    expect(rowOf('Érica Inativa')).toHaveTextContent('Inativo');
    expect(screen.getByText('5 membro(s)')).toBeInTheDocument();
  });

  it('searches by name or e-mail and filters by status and role', async () => {
    const { user } = renderTeam(owner);
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Buscar membros' });
    await user.type(search, 'EMPRESA.COM');
    expect(shownNames()).toEqual(['Carla Supervisora']);
    expect(screen.getByText('1 de 5 membro(s)')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'ninguém');
    expect(within(table()).getByText('Nenhum membro encontrado')).toBeInTheDocument();
    await user.clear(search);

    const status = screen.getByRole('combobox', { name: 'Filtrar por status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', 'Ativo', 'Inativo']);
    await user.selectOptions(status, 'Inativo');
    expect(shownNames()).toEqual(['Érica Inativa']);
    await user.selectOptions(status, 'Todos');

    const role = screen.getByRole('combobox', { name: 'Filtrar por função' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas', 'Owner', 'Admin', 'Supervisor', 'Agente']);
    await user.selectOptions(role, 'Agente');
    expect(shownNames()).toEqual(['Diego Atendente', 'Érica Inativa']);
    await user.selectOptions(status, 'Ativo');
    expect(shownNames()).toEqual(['Diego Atendente']);
  });

  it('counts the members shown after search and filters; Limpar filtros shows everyone again', async () => {
    const { user } = renderTeam(owner);
    await screen.findByRole('table');
    const counter = () => screen.getByText(/membro\(s\)$/);
    expect(counter()).toHaveTextContent(/^5 membro\(s\)$/);
    const status = screen.getByRole('combobox', { name: 'Filtrar por status' });
    const role = screen.getByRole('combobox', { name: 'Filtrar por função' });
    await user.selectOptions(role, 'Agente');
    expect(counter()).toHaveTextContent(/^2 de 5 membro\(s\)$/);
    await user.selectOptions(status, 'Inativo');
    expect(counter()).toHaveTextContent(/^1 de 5 membro\(s\)$/);

    // Nothing matches: the counter says 0 (never the whole team) beside the empty row.
    const search = screen.getByRole('searchbox', { name: 'Buscar membros' });
    await user.type(search, 'ninguém');
    expect(within(table()).getByText('Nenhum membro encontrado')).toBeInTheDocument();
    expect(counter()).toHaveTextContent(/^0 de 5 membro\(s\)$/);
    await user.click(within(table()).getByRole('button', { name: 'Limpar filtros' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(status).toHaveValue('all');
    expect(role).toHaveValue('all');
    expect(rows()).toHaveLength(5);
    expect(counter()).toHaveTextContent(/^5 membro\(s\)$/);
    expect(within(table()).queryByRole('button', { name: 'Limpar filtros' })).not.toBeInTheDocument();
  });

  it('adds a member with the defaults Agente and Ativo, and shows the one-time password once', async () => {
    const { api, user } = renderTeam(owner);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Adicionar Membro' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar Membro' });
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
    expect(within(dialog).getByLabelText('Função')).toHaveDisplayValue('Agente');
    expect(within(dialog).getByLabelText('Status')).toHaveDisplayValue('Ativo');
    // An Owner may make another Owner (the server allows it).
    expect(
      within(within(dialog).getByLabelText('Função'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Owner', 'Admin', 'Supervisor', 'Agente']);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Nome'), '  Fábio Novo ');
    await user.type(within(dialog).getByLabelText('Email'), 'fabio@loja.com');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    const credentials = await screen.findByRole('dialog', { name: 'Membro adicionado' });
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/team',
        body: { name: 'Fábio Novo', email: 'fabio@loja.com', role: 'Agente', status: 'active' },
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Adicionar Membro' })).not.toBeInTheDocument();
    expect(within(credentials).getByLabelText('Senha provisória')).toHaveValue('Xy7-senha-unica');
    expect(within(credentials).getByText('fabio@loja.com')).toBeInTheDocument();
    expect(within(credentials).getByText(/não será mostrada novamente/)).toBeInTheDocument();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(credentials).getByRole('button', { name: 'Copiar senha' }));
    expect(writeText).toHaveBeenCalledWith('Xy7-senha-unica');
    expect(within(credentials).getByRole('button', { name: 'Copiada!' })).toBeInTheDocument();

    await user.click(within(credentials).getByRole('button', { name: 'Concluir' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Xy7-senha-unica')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('Xy7-senha-unica')).not.toBeInTheDocument();
    expect(rowOf('Fábio Novo')).toHaveTextContent('Agente');
    expect(rowOf('Fábio Novo')).toHaveTextContent('Nunca');
    expect(screen.getByRole('status')).toHaveTextContent('Membro adicionado com sucesso!');
    // The list is read again: the owner's own last activity is now this add.
    await waitFor(() =>
      expect(within(rowOf('Ana Dona')).getByText(formatLastActive(ACTED_AT))).toBeInTheDocument(),
    );
  });

  it('a former member comes back without a new password (their own account)', async () => {
    const { user } = renderTeam(
      owner,
      teamApi(),
      http.post('/api/team', () =>
        HttpResponse.json(
          {
            success: true,
            member: member({ id: 'u_volta', name: 'Gil Voltou', email: 'gil@loja.com' }),
            oneTimePassword: null,
            message: 'Membro adicionado com sucesso!',
          },
          { status: 201 },
        ),
      ),
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Adicionar Membro' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar Membro' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Gil Voltou');
    await user.type(within(dialog).getByLabelText('Email'), 'gil@loja.com');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Membro adicionado com sucesso! Esta pessoa já tinha uma conta e entra com a senha que já usava.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks Nome and Email before sending, and shows the server error text in the modal', async () => {
    const { api, user } = renderTeam(admin);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Adicionar Membro' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar Membro' });
    // An Admin cannot make an Owner.
    expect(
      within(within(dialog).getByLabelText('Função'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Supervisor', 'Agente']);
    await user.type(within(dialog).getByLabelText('Email'), 'sem-arroba');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(within(dialog).getByText('Nome é obrigatório')).toBeInTheDocument();
    expect(within(dialog).getByText('Email inválido')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Nome'), 'Outra Ana');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'ANA@loja.com');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Membro já faz parte da equipe');
    expect(screen.getByRole('dialog', { name: 'Adicionar Membro' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Membro adicionado' })).not.toBeInTheDocument();

    // The server's own e-mail check speaks through the modal too.
    server.use(http.post('/api/team', () => failure(400, 'INVALID_EMAIL', 'Email inválido')));
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'x@y.z');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Email inválido'));

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(5);
  });

  it('edits a member through the API with only the changed fields', async () => {
    const { api, user } = renderTeam(admin);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Editar Diego Atendente' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Membro' });
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Diego Atendente');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('diego@loja.com');
    expect(within(dialog).getByLabelText('Função')).toHaveDisplayValue('Agente');
    expect(within(dialog).getByLabelText('Status')).toHaveDisplayValue('Ativo');
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Diego Lima');
    await user.selectOptions(within(dialog).getByLabelText('Função'), 'Supervisor');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Inativo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/team/u_agente',
        body: { name: 'Diego Lima', role: 'Supervisor', status: 'inactive' },
      },
    ]);
    const row = rowOf('Diego Lima');
    expect(row).toHaveTextContent('Supervisor');
    expect(row).toHaveTextContent('Inativo');
    expect(screen.getByRole('status')).toHaveTextContent('Membro atualizado com sucesso!');
  });

  it('does not let anyone change their own role or status', async () => {
    const { user } = renderTeam(admin);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Remover Bruno Admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Editar Bruno Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Membro' });
    expect(within(dialog).getByLabelText('Função')).toBeDisabled();
    expect(within(dialog).getByLabelText('Status')).toBeDisabled();
    expect(within(dialog).getByText('Você não pode alterar a sua própria função')).toBeInTheDocument();
  });

  it('removes a member only after the confirmation dialog', async () => {
    const { api, user } = renderTeam(owner);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Remover Diego Atendente' }));
    let confirm = screen.getByRole('dialog', { name: 'Remover membro' });
    expect(confirm).toHaveAccessibleDescription('Tem certeza que deseja remover este membro da equipe?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    expect(rowOf('Diego Atendente')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover Diego Atendente' }));
    confirm = screen.getByRole('dialog', { name: 'Remover membro' });
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([{ method: 'DELETE', path: '/api/team/u_agente' }]);
    expect(within(table()).queryByText('Diego Atendente')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Membro removido com sucesso!');
  });

  it('shows the server refusal of a removal in the confirmation', async () => {
    const { user } = renderTeam(owner);
    await screen.findByRole('table');
    server.use(
      http.delete('/api/team/:id', () =>
        failure(400, 'OWNER_CANNOT_BE_REMOVED', 'O proprietário não pode ser removido'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remover Bruno Admin' }));
    const confirm = screen.getByRole('dialog', { name: 'Remover membro' });
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'O proprietário não pode ser removido',
    );
    expect(rowOf('Bruno Admin')).toBeInTheDocument();
  });

  it('has no remove button for an Owner; an Admin cannot edit one either', async () => {
    const extraOwner = member({ id: 'u_socia', name: 'Sócia Dona', role: 'Owner' });
    renderTeam(owner, teamApi([...team(), extraOwner]));
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Remover Ana Dona' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover Sócia Dona' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar Sócia Dona' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover Bruno Admin' })).toBeInTheDocument();
  });

  it('an Admin sees no edit or remove button on an Owner row', async () => {
    renderTeam(admin);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Editar Ana Dona' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover Ana Dona' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover Diego Atendente' })).toBeInTheDocument();
  });

  it('a Supervisor reads the table without adding, editing or removing', async () => {
    const { api } = renderTeam(viewerAs('Supervisor', 'u_supervisor'));
    await screen.findByRole('table');
    expect(rows()).toHaveLength(5);
    expect(
      screen.getByText('Você pode ver a equipe, mas somente administradores podem alterá-la.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar Membro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Editar|Remover) / })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([{ method: 'GET', path: '/api/team' }]);
  });

  it('an Agente gets the permission text and no table, without asking the API', async () => {
    const { api } = renderTeam(viewerAs('Agente'));
    expect(screen.getByText('Você não tem permissão para ver a equipe.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar Membro' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
  });

  it('shows the permission text when the API answers 403 (the role was lowered meanwhile)', async () => {
    renderTeam(
      viewerAs('Supervisor'),
      teamApi(),
      http.get('/api/team', () => failure(403, 'FORBIDDEN', 'Acesso negado')),
    );
    expect(await screen.findByText('Você não tem permissão para ver a equipe.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    let fail = true;
    const { user } = renderTeam(
      owner,
      teamApi(),
      http.get('/api/team', () => (fail ? failure(500, 'INTERNAL', 'Erro interno') : undefined)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro interno');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('table');
    expect(rows()).toHaveLength(5);
  });
});
