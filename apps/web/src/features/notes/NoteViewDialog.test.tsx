import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { formatDateTime } from './note-format';
import type { Note } from './notes-api';
import { NoteViewDialog } from './NoteViewDialog';
import { note, renderWithStore } from './test/note-fixtures';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const INVALID = 'Data inválida. Use o formato YYYY-MM-DD HH:MM';

/** The notes API over one stored note; every write is recorded. */
function serveNote(initial: Note) {
  let current = initial;
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const answer = (change: Partial<Note>, message: string) => {
    current = { ...current, ...change, updatedAt: '2025-03-11T15:00:00.000Z' };
    return HttpResponse.json({ success: true, note: current, message });
  };
  server.use(
    http.get('/api/notes/:id', ({ params }) =>
      params.id === current.id
        ? HttpResponse.json({ success: true, note: current })
        : HttpResponse.json(
            { success: false, error: 'Anotação não encontrada', code: 'NOT_FOUND' },
            { status: 404 },
          ),
    ),
    http.post('/api/notes/:id/reminder', async ({ request, params }) => {
      const body = (await request.json()) as { reminder: string | null };
      calls.push({ method: 'POST', path: `/api/notes/${String(params.id)}/reminder`, body });
      return answer(
        { reminder: body.reminder },
        body.reminder ? 'Lembrete definido com sucesso!' : 'Lembrete removido com sucesso!',
      );
    }),
    http.put('/api/notes/:id/tags', async ({ request, params }) => {
      const body = (await request.json()) as { tags: string[] };
      calls.push({ method: 'PUT', path: `/api/notes/${String(params.id)}/tags`, body });
      return answer({ tags: body.tags }, 'Tags atualizadas com sucesso!');
    }),
    http.put('/api/notes/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<Note>;
      calls.push({ method: 'PUT', path: `/api/notes/${String(params.id)}`, body });
      return answer(body, 'Anotação atualizada com sucesso!');
    }),
    http.delete('/api/notes/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/api/notes/${String(params.id)}` });
      return HttpResponse.json({ success: true, message: 'Anotação excluída com sucesso!' });
    }),
  );
  return { calls, current: () => current };
}

const sample = note(3, {
  title: 'Ligar para a Ana',
  content: 'Confirmar o pedido 42\nEla prefere à tarde',
  tags: ['cliente', 'vip'],
  isPinned: true,
  reminder: '2026-12-01T12:30:00.000Z',
  createdAt: '2025-03-10T12:00:00.000Z',
  updatedAt: '2025-03-11T09:15:00.000Z',
});

function renderView(options: { initial?: Note; noteId?: string } = { initial: sample }) {
  const onChanged = jest.fn();
  const onDeleted = jest.fn();
  const onClose = jest.fn();
  const noteId = options.noteId ?? options.initial?.id ?? sample.id;
  const view = renderWithStore(
    <NoteViewDialog
      noteId={noteId}
      {...(options.initial ? { initial: options.initial } : {})}
      onClose={onClose}
      onChanged={onChanged}
      onDeleted={onDeleted}
    />,
  );
  return { ...view, onChanged, onDeleted, onClose };
}

const viewDialog = (title = 'Ligar para a Ana') => screen.getByRole('dialog', { name: title });

describe('NoteViewDialog', () => {
  it('shows title, content, tags, reminder, pinned and the dates in pt-BR, with the four actions', () => {
    serveNote(sample);
    renderView();
    const dialog = viewDialog();
    expect(within(dialog).getByText(/Confirmar o pedido 42/)).toBeInTheDocument();
    const tags = within(dialog).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['cliente', 'vip']);
    expect(within(dialog).getByText(formatDateTime(sample.reminder))).toBeInTheDocument();
    expect(formatDateTime(sample.reminder)).toMatch(/^\d{2}\/12\/2026/);
    expect(within(dialog).getByText('Anotação fixada')).toBeInTheDocument();
    expect(within(dialog).getByText('Fixada')).toBeInTheDocument();
    expect(within(dialog).getByText('Sim')).toBeInTheDocument();
    expect(within(dialog).getByText(formatDateTime(sample.createdAt))).toBeInTheDocument();
    expect(within(dialog).getByText(formatDateTime(sample.updatedAt))).toBeInTheDocument();
    for (const name of ['Editar', 'Definir lembrete', 'Gerenciar tags', 'Excluir']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it("'Definir lembrete' refuses anything but 'YYYY-MM-DD HH:MM', without calling the server", async () => {
    const api = serveNote(sample);
    const { user, onChanged } = renderView();
    await user.click(within(viewDialog()).getByRole('button', { name: 'Definir lembrete' }));
    const prompt = screen.getByRole('dialog', { name: 'Definir lembrete' });
    const input = within(prompt).getByLabelText('Data e hora do lembrete');
    expect(input).toHaveAttribute('placeholder', 'YYYY-MM-DD HH:MM');
    expect(within(prompt).getByText('Formato: YYYY-MM-DD HH:MM')).toBeInTheDocument();
    // Prefilled with the current reminder, in the user's own time.
    const local = new Date(sample.reminder!);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(input).toHaveValue(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );

    for (const typed of [
      'amanhã',
      '2026-02-30 10:00',
      '2026-12-01 24:00',
      '01/12/2026 10:00',
      '2026-12-01T10:00',
    ]) {
      await user.clear(input);
      await user.type(input, typed);
      await user.click(within(prompt).getByRole('button', { name: 'Salvar' }));
      expect(within(prompt).getByRole('alert')).toHaveTextContent(INVALID);
    }
    await user.clear(input);
    await user.click(within(prompt).getByRole('button', { name: 'Salvar' }));
    expect(within(prompt).getByRole('alert')).toHaveTextContent(INVALID);
    expect(api.calls).toEqual([]);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("sets the reminder: 'Lembrete definido com sucesso!' and the new date in the view", async () => {
    const api = serveNote(sample);
    const { user, onChanged } = renderView();
    await user.click(within(viewDialog()).getByRole('button', { name: 'Definir lembrete' }));
    const prompt = screen.getByRole('dialog', { name: 'Definir lembrete' });
    const input = within(prompt).getByLabelText('Data e hora do lembrete');
    await user.clear(input);
    await user.type(input, ' 2027-01-15 08:05 ');
    await user.click(within(prompt).getByRole('button', { name: 'Salvar' }));
    const dialog = viewDialog();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Lembrete definido com sucesso!');
    expect(screen.queryByRole('dialog', { name: 'Definir lembrete' })).not.toBeInTheDocument();
    const at = new Date(2027, 0, 15, 8, 5).toISOString();
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/notes/n3/reminder', body: { reminder: at } }]);
    expect(within(dialog).getByText(formatDateTime(at))).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ reminder: at }));
  });

  it('removes the reminder', async () => {
    const api = serveNote(sample);
    const { user } = renderView();
    await user.click(within(viewDialog()).getByRole('button', { name: 'Definir lembrete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Definir lembrete' })).getByRole('button', {
        name: 'Remover lembrete',
      }),
    );
    expect(await within(viewDialog()).findByText('Sem lembrete')).toBeInTheDocument();
    expect(within(viewDialog()).getByRole('status')).toHaveTextContent('Lembrete removido com sucesso!');
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/notes/n3/reminder', body: { reminder: null } }]);
  });

  it("'Gerenciar tags' sends them split on commas and trimmed: 'Tags atualizadas com sucesso!'", async () => {
    const api = serveNote(sample);
    const { user, onChanged } = renderView();
    await user.click(within(viewDialog()).getByRole('button', { name: 'Gerenciar tags' }));
    const tagsDialog = screen.getByRole('dialog', { name: 'Gerenciar tags' });
    const input = within(tagsDialog).getByLabelText('Tags');
    expect(input).toHaveValue('cliente, vip');
    await user.clear(input);
    await user.type(input, '  vip ,urgente,, retorno  ,');
    await user.click(within(tagsDialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(viewDialog()).findByRole('status')).toHaveTextContent(
      'Tags atualizadas com sucesso!',
    );
    expect(api.calls).toEqual([
      { method: 'PUT', path: '/api/notes/n3/tags', body: { tags: ['vip', 'urgente', 'retorno'] } },
    ]);
    const tags = within(viewDialog()).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['vip', 'urgente', 'retorno']);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("'Editar' opens the form prefilled and shows 'Anotação atualizada com sucesso!'", async () => {
    const api = serveNote(sample);
    const { user } = renderView();
    await user.click(within(viewDialog()).getByRole('button', { name: 'Editar' }));
    const form = screen.getByRole('dialog', { name: 'Editar anotação' });
    const title = within(form).getByLabelText('Título');
    expect(title).toHaveValue('Ligar para a Ana');
    await user.clear(title);
    await user.type(title, 'Ligar para a Ana amanhã');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ligar para a Ana amanhã' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Anotação atualizada com sucesso!');
    expect(api.calls).toEqual([
      {
        method: 'PUT',
        path: '/api/notes/n3',
        body: {
          title: 'Ligar para a Ana amanhã',
          content: sample.content,
          reminder: sample.reminder,
          tags: ['cliente', 'vip'],
          isPinned: true,
        },
      },
    ]);
  });

  it("'Excluir' asks first; 'Cancelar' keeps the note, 'Excluir' deletes it", async () => {
    const api = serveNote(sample);
    const { user, onDeleted } = renderView();
    await user.click(within(viewDialog()).getByRole('button', { name: 'Excluir' }));
    let confirm = screen.getByRole('dialog', { name: 'Excluir anotação' });
    expect(confirm).toHaveAccessibleDescription('Tem certeza que deseja excluir esta anotação?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Excluir anotação' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.click(within(viewDialog()).getByRole('button', { name: 'Excluir' }));
    confirm = screen.getByRole('dialog', { name: 'Excluir anotação' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Anotação excluída com sucesso!'));
    expect(api.calls).toEqual([{ method: 'DELETE', path: '/api/notes/n3' }]);
  });

  it('loads the note by id (from a notification), or says it is gone', async () => {
    serveNote(sample);
    renderView({ noteId: 'n3' });
    expect(await screen.findByRole('dialog', { name: 'Ligar para a Ana' })).toBeInTheDocument();
  });

  it('says when the note no longer exists', async () => {
    serveNote(sample);
    renderView({ noteId: 'apagada' });
    const dialog = screen.getByRole('dialog', { name: 'Anotação' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Anotação não encontrada');
  });
});
