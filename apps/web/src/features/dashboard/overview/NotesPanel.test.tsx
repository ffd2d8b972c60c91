import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Note } from '../../notes/notes-api';
import { notesApi } from '../../notes/notes-endpoints';
import { note, renderWithStore } from '../../notes/test/note-fixtures';
import { NotesPanel } from './NotesPanel';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let notes: Note[] = [];
const sorted = () => [...notes].sort((a, b) => Number(b.isPinned) - Number(a.isPinned));

/** The notes API over `notes` (pinned first, like the gateway). */
function serveNotes() {
  const queries: string[] = [];
  server.use(
    http.get('/api/notes', ({ request }) => {
      const limit = new URL(request.url).searchParams.get('limit');
      queries.push(new URL(request.url).search);
      return HttpResponse.json({ success: true, notes: limit ? sorted().slice(0, Number(limit)) : sorted() });
    }),
    http.put('/api/notes/:id/tags', async ({ request, params }) => {
      const { tags } = (await request.json()) as { tags: string[] };
      notes = notes.map((n) => (n.id === params.id ? { ...n, tags } : n));
      return HttpResponse.json({
        success: true,
        note: notes.find((n) => n.id === params.id),
        message: 'Tags atualizadas com sucesso!',
      });
    }),
    http.delete('/api/notes/:id', ({ params }) => {
      notes = notes.filter((n) => n.id !== params.id);
      return HttpResponse.json({ success: true, message: 'Anotação excluída com sucesso!' });
    }),
  );
  return queries;
}

beforeEach(() => {
  notes = [
    note(1, { title: 'Ligar para a Ana', content: 'Confirmar pedido', tags: ['cliente'] }),
    note(2, { title: 'Proposta', content: 'Enviar orçamento à Bia', isPinned: true, tags: ['vendas'] }),
    note(3, { title: 'Reunião', content: 'Pauta da semana' }),
    note(4),
    note(5),
    note(6, { title: 'Promoção de verão', content: 'Campanha', tags: ['marketing'] }),
  ];
});

const column = () => screen.getByRole('region', { name: 'Anotações' });

describe('NotesPanel', () => {
  it('opens a note in its view modal, and a change there reloads the column', async () => {
    const queries = serveNotes();
    const { user } = renderWithStore(<NotesPanel />);
    await waitFor(() =>
      expect(within(column()).getAllByRole('button', { name: /^Abrir anotação/ })).toHaveLength(5),
    );
    // Pinned first.
    expect(within(column()).getAllByRole('button', { name: /^Abrir anotação/ })[0]).toHaveAccessibleName(
      'Abrir anotação: Proposta',
    );

    await user.click(within(column()).getByRole('button', { name: 'Abrir anotação: Ligar para a Ana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ligar para a Ana' });
    await user.click(within(dialog).getByRole('button', { name: 'Gerenciar tags' }));
    const tags = screen.getByRole('dialog', { name: 'Gerenciar tags' });
    await user.clear(within(tags).getByLabelText('Tags'));
    await user.type(within(tags).getByLabelText('Tags'), 'cliente, retorno');
    await user.click(within(tags).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Tags atualizadas com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(queries).toEqual(['?limit=5', '?limit=5']));
    const card = within(column()).getByRole('listitem', { name: 'Ligar para a Ana' });
    await waitFor(() => expect(within(card).getByText('retorno')).toBeInTheDocument());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a click anywhere on the card opens it too', async () => {
    serveNotes();
    const { user } = renderWithStore(<NotesPanel />);
    const card = await within(column()).findByRole('listitem', { name: 'Reunião' });
    await user.click(within(card).getByText('Pauta da semana'));
    expect(await screen.findByRole('dialog', { name: 'Reunião' })).toBeInTheDocument();
  });

  it("deleting closes the modal and says 'Anotação excluída com sucesso!'", async () => {
    serveNotes();
    const { user } = renderWithStore(<NotesPanel />);
    await user.click(await within(column()).findByRole('button', { name: 'Abrir anotação: Reunião' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reunião' })).getByRole('button', { name: 'Excluir' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Excluir anotação' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    expect(await within(column()).findByText('Anotação excluída com sucesso!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(column()).queryByRole('button', { name: 'Abrir anotação: Reunião' }),
      ).not.toBeInTheDocument(),
    );
  });

  it("'Ver todas' lists every note, pinned first, searchable by title, content or tag", async () => {
    const queries = serveNotes();
    const { user } = renderWithStore(<NotesPanel />);
    await user.click(within(column()).getByRole('button', { name: 'Ver todas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Todas as anotações' });
    await within(dialog).findByRole('list', { name: 'Anotações' });
    const titles = () =>
      within(dialog)
        .queryAllByRole('button', { name: /^Abrir anotação/ })
        .map((b) => b.textContent);
    expect(titles()).toEqual([
      'Proposta',
      'Ligar para a Ana',
      'Reunião',
      'Anotação 4',
      'Anotação 5',
      'Promoção de verão',
    ]);
    expect(queries).toContain('');
    expect(within(dialog).getByText('6 anotação(ões)')).toBeInTheDocument();

    const search = within(dialog).getByRole('searchbox', { name: 'Buscar anotações' });
    await user.type(search, 'PROMO');
    expect(titles()).toEqual(['Promoção de verão']);
    await user.clear(search);
    await user.type(search, 'orcamento'); // content, accents ignored
    expect(titles()).toEqual(['Proposta']);
    await user.clear(search);
    await user.type(search, 'cliente'); // tag
    expect(titles()).toEqual(['Ligar para a Ana']);
    await user.clear(search);
    await user.type(search, 'nada disso');
    expect(titles()).toEqual([]);
    expect(within(dialog).getByText('Nenhuma anotação encontrada')).toBeInTheDocument();

    await user.clear(search);
    await user.click(within(dialog).getByRole('button', { name: 'Abrir anotação: Promoção de verão' }));
    expect(await screen.findByRole('dialog', { name: 'Promoção de verão' })).toBeInTheDocument();
  });

  it('reloads when a note changed elsewhere (e.g. from a notification)', async () => {
    const queries = serveNotes();
    const { store } = renderWithStore(<NotesPanel />);
    await waitFor(() => expect(queries).toEqual(['?limit=5']));
    notes = [note(9, { title: 'Nova de fora', isPinned: true }), ...notes];
    // Saved from the bell's note modal: the same API, so the column's list is stale (its tag).
    await act(async () => {
      await store.dispatch(notesApi.endpoints.setNoteTags.initiate({ id: 'n1', tags: ['cliente'] }));
    });
    expect(
      await within(column()).findByRole('button', { name: 'Abrir anotação: Nova de fora' }),
    ).toBeInTheDocument();
    expect(queries).toEqual(['?limit=5', '?limit=5']);
  });
});
