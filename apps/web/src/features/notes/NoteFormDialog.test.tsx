import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NoteFormDialog } from './NoteFormDialog';
import type { Note, NoteChange } from './notes-api';
import { note, renderWithStore } from './test/note-fixtures';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** POST /api/notes and PUT /api/notes/:id answering like the gateway; the bodies are recorded. */
function serveSaves() {
  const bodies: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const answer = (body: Record<string, unknown>, id: string, message: string, status = 200) =>
    HttpResponse.json(
      {
        success: true,
        message,
        note: note(1, {
          id,
          title: String(body.title),
          content: String(body.content),
          tags: (body.tags as string[]) ?? [],
          isPinned: Boolean(body.isPinned),
          reminder: (body.reminder as string | null) ?? null,
        }),
      },
      { status },
    );
  server.use(
    http.post('/api/notes', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'POST', path: '/api/notes', body });
      return answer(body, 'novo', 'Anotação salva com sucesso!', 201);
    }),
    http.put('/api/notes/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'PUT', path: `/api/notes/${String(params.id)}`, body });
      return answer(body, String(params.id), 'Anotação atualizada com sucesso!');
    }),
  );
  return bodies;
}

function renderForm(existing?: Note) {
  const saved: NoteChange[] = [];
  const onClose = jest.fn();
  const view = renderWithStore(
    <NoteFormDialog
      {...(existing ? { note: existing } : {})}
      onClose={onClose}
      onSaved={(c) => saved.push(c)}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: existing ? 'Editar anotação' : 'Nova anotação' });
  return { ...view, dialog, saved, onClose };
}

describe('NoteFormDialog', () => {
  it('is silent without a title or content: nothing is sent', async () => {
    const bodies = serveSaves();
    const { user, dialog, saved } = renderForm();
    const save = within(dialog).getByRole('button', { name: 'Salvar' });
    await user.click(save);
    await user.type(within(dialog).getByLabelText('Título'), 'Só o título');
    await user.click(save);
    await user.clear(within(dialog).getByLabelText('Título'));
    await user.type(within(dialog).getByLabelText('Conteúdo'), 'Só o conteúdo');
    await user.click(save);
    // Blanks count as empty.
    await user.type(within(dialog).getByLabelText('Título'), '   ');
    await user.click(save);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toEqual([]);
    expect(saved).toEqual([]);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("creates a note with tags split on commas and trimmed: 'Anotação salva com sucesso!'", async () => {
    const bodies = serveSaves();
    const { user, dialog, saved } = renderForm();
    await user.type(within(dialog).getByLabelText('Título'), '  Ligar para a Ana ');
    await user.type(within(dialog).getByLabelText('Conteúdo'), 'Confirmar o pedido 42');
    await user.type(within(dialog).getByLabelText('Tags'), ' cliente ,urgente ,, vip,cliente ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fixar anotação' }));
    // datetime-local: the user's own time.
    const reminder = within(dialog).getByLabelText('Lembrete');
    await user.type(reminder, '2026-12-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies).toEqual([
      {
        method: 'POST',
        path: '/api/notes',
        body: {
          title: 'Ligar para a Ana',
          content: 'Confirmar o pedido 42',
          tags: ['cliente', 'urgente', 'vip'],
          isPinned: true,
          reminder: new Date(2026, 11, 1, 9, 30).toISOString(),
        },
      },
    ]);
    expect(saved[0]!.message).toBe('Anotação salva com sucesso!');
  });

  it("edits a note, prefilled: 'Anotação atualizada com sucesso!'", async () => {
    const bodies = serveSaves();
    const existing = note(7, {
      title: 'Proposta',
      content: 'Enviar até sexta',
      tags: ['vendas', 'vip'],
      isPinned: true,
      reminder: new Date(2026, 5, 10, 14, 0).toISOString(),
    });
    const { user, dialog, saved } = renderForm(existing);
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Proposta');
    expect(within(dialog).getByLabelText('Conteúdo')).toHaveValue('Enviar até sexta');
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('vendas, vip');
    expect(within(dialog).getByLabelText('Lembrete')).toHaveValue('2026-06-10T14:00');
    expect(within(dialog).getByRole('checkbox', { name: 'Fixar anotação' })).toBeChecked();

    await user.clear(within(dialog).getByLabelText('Título'));
    await user.type(within(dialog).getByLabelText('Título'), 'Proposta revisada');
    await user.clear(within(dialog).getByLabelText('Tags'));
    await user.type(within(dialog).getByLabelText('Tags'), 'vendas , , novo ');
    await user.clear(within(dialog).getByLabelText('Lembrete'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fixar anotação' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies).toEqual([
      {
        method: 'PUT',
        path: '/api/notes/n7',
        body: {
          title: 'Proposta revisada',
          content: 'Enviar até sexta',
          reminder: null,
          tags: ['vendas', 'novo'],
          isPinned: false,
        },
      },
    ]);
    expect(saved[0]!.message).toBe('Anotação atualizada com sucesso!');
    expect(saved[0]!.note.title).toBe('Proposta revisada');
  });

  it('keeps the dialog open with the server error', async () => {
    server.use(
      http.post('/api/notes', () =>
        HttpResponse.json(
          { success: false, error: 'Máximo de 50 tags', code: 'NOTE_TAGS_TOO_MANY' },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, saved } = renderForm();
    await user.type(within(dialog).getByLabelText('Título'), 'T');
    await user.type(within(dialog).getByLabelText('Conteúdo'), 'C');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Máximo de 50 tags');
    expect(saved).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it("'Melhorar com IA' proposes a tidied text: 'Descartar' keeps mine, 'Aceitar' takes it", async () => {
    const { user, dialog } = renderForm();
    const improve = within(dialog).getByRole('button', { name: 'Melhorar com IA' });
    expect(improve).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Otimizar estratégia' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Título'), 'ligar pro cliente');
    await user.type(
      within(dialog).getByLabelText('Conteúdo'),
      'vc precisa confirmar o pedido hj  ,ele pediu desconto',
    );
    await user.click(improve);
    let proposal = within(dialog).getByRole('region', { name: 'Sugestão da IA' });
    expect(within(proposal).getByText('Ligar pro cliente')).toBeInTheDocument();
    expect(
      within(proposal).getByText('Você precisa confirmar o pedido hoje, ele pediu desconto.'),
    ).toBeInTheDocument();

    await user.click(within(proposal).getByRole('button', { name: 'Descartar' }));
    expect(within(dialog).queryByRole('region', { name: 'Sugestão da IA' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Título')).toHaveValue('ligar pro cliente');
    expect(within(dialog).getByLabelText('Conteúdo')).toHaveValue(
      'vc precisa confirmar o pedido hj  ,ele pediu desconto',
    );

    await user.click(improve);
    proposal = within(dialog).getByRole('region', { name: 'Sugestão da IA' });
    await user.click(within(proposal).getByRole('button', { name: 'Aceitar' }));
    expect(within(dialog).queryByRole('region', { name: 'Sugestão da IA' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Ligar pro cliente');
    expect(within(dialog).getByLabelText('Conteúdo')).toHaveValue(
      'Você precisa confirmar o pedido hoje, ele pediu desconto.',
    );
  });

  it("'Otimizar estratégia' proposes an action plan with the reminder as deadline, saved when accepted", async () => {
    const bodies = serveSaves();
    const { user, dialog, saved } = renderForm();
    await user.type(within(dialog).getByLabelText('Título'), 'recuperar cliente');
    await user.type(within(dialog).getByLabelText('Conteúdo'), 'ligar para a Ana. oferecer desconto');
    await user.type(within(dialog).getByLabelText('Lembrete'), '2026-12-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Otimizar estratégia' }));
    const proposal = within(dialog).getByRole('region', { name: 'Plano de ação sugerido' });
    expect(proposal).toHaveTextContent('Objetivo: Recuperar cliente.');
    expect(proposal).toHaveTextContent('1. Ligar para a Ana.');
    expect(proposal).toHaveTextContent('2. Oferecer desconto.');
    expect(proposal).toHaveTextContent('Prazo: 01/12/2026');
    await user.click(within(proposal).getByRole('button', { name: 'Aceitar' }));
    const content = within(dialog).getByLabelText('Conteúdo');
    expect((content as HTMLTextAreaElement).value).toMatch(
      /^Objetivo: Recuperar cliente\.\n\nPróximos passos:\n1\. /,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies[0]!.body.content).toBe((content as HTMLTextAreaElement).value);
    expect(bodies[0]!.body.title).toBe('Recuperar cliente');
  });
});
