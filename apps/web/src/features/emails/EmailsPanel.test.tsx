import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { createAppStore } from '../../app/store';
import { EmailsPanel } from '../dashboard/overview/EmailsPanel';
import { email, mailboxHandlers, type FakeMailbox } from './test/email-fixtures';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let box: FakeMailbox;

beforeEach(() => {
  box = {
    emails: [
      email(1, {
        sender: 'Carlos <carlos@cliente.com>',
        senderName: 'Carlos <carlos@cliente.com>',
        subject: 'Dúvida sobre o pedido',
        preview: 'Qual o prazo de entrega?',
        content: 'Qual o prazo de entrega?\nObrigado',
        isUnread: true,
        hasAttachments: true,
        priority: 'high',
        timestamp: '2026-03-10T12:00:00.000Z',
      }),
      ...Array.from({ length: 6 }, (_, i) =>
        email(i + 2, { priority: i % 2 === 0 ? 'low' : 'medium', isUnread: i === 3 }),
      ),
    ],
    calls: [],
    sent: [],
  };
  server.use(...mailboxHandlers(box));
});

function renderPanel() {
  const user = userEvent.setup();
  // The app's store (no sagas): the e-mails' calls go through its server-state cache.
  render(
    <Provider store={createAppStore({ runSagas: false })}>
      <EmailsPanel />
    </Provider>,
  );
  return { user, column: screen.getByRole('region', { name: 'Emails' }) };
}

const item = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name });

describe('EmailsPanel', () => {
  it('shows the first 5 e-mails with sender, subject, preview, time, unread mark, priority and attachment', async () => {
    const { column } = renderPanel();
    await waitFor(() => expect(within(column).getAllByRole('listitem')).toHaveLength(5));
    expect(box.calls).toEqual(['GET /api/emails?limit=5']);
    const first = within(column).getByRole('listitem', {
      name: 'Carlos <carlos@cliente.com>: Dúvida sobre o pedido',
    });
    expect(within(first).getByText('Carlos <carlos@cliente.com>')).toBeInTheDocument();
    expect(within(first).getByText('Dúvida sobre o pedido')).toBeInTheDocument();
    expect(within(first).getByText('Qual o prazo de entrega?')).toBeInTheDocument();
    expect(within(first).getByText('Não lido')).toBeInTheDocument();
    expect(within(first).getByText('Com anexo')).toBeInTheDocument();
    expect(within(first).getByText('Alta')).toBeInTheDocument();
    expect(within(first).getByText('10/03')).toBeInTheDocument();
    const second = within(column).getByRole('listitem', { name: 'cliente2@exemplo.com: Assunto 2' });
    expect(within(second).getByText('Baixa')).toBeInTheDocument();
    expect(within(second).getByText('Agora')).toBeInTheDocument();
    expect(within(second).queryByText('Não lido')).not.toBeInTheDocument();
    expect(within(second).queryByText('Com anexo')).not.toBeInTheDocument();
    expect(item(column, 'Carlos <carlos@cliente.com>: Dúvida sobre o pedido')).toHaveAccessibleDescription(
      /^Não lido\. Prioridade Alta\. Com anexo\./,
    );
  });

  it("says 'Nenhum email' for an empty mailbox", async () => {
    box.emails = [];
    const { column } = renderPanel();
    expect(await within(column).findByText('Nenhum email')).toBeInTheDocument();
  });

  it('shows the error text when the list cannot be loaded', async () => {
    server.use(
      http.get('/api/emails', () =>
        HttpResponse.json({ success: false, error: 'Falha no servidor' }, { status: 500 }),
      ),
    );
    const { column } = renderPanel();
    expect(await within(column).findByRole('alert')).toHaveTextContent('Falha no servidor');
  });

  describe('Novo email', () => {
    it("keeps 'Enviar Email' inert until Para, Assunto and Conteúdo are filled in: no request", async () => {
      const { user, column } = renderPanel();
      await waitFor(() => expect(within(column).getAllByRole('listitem')).toHaveLength(5));
      await user.click(within(column).getByRole('button', { name: 'Novo email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Novo email' });
      const send = within(dialog).getByRole('button', { name: 'Enviar Email' });
      const to = within(dialog).getByLabelText('Para');
      expect(to).toHaveAttribute('type', 'email');
      expect(to).toHaveFocus();
      expect(within(dialog).getByLabelText('Prioridade')).toHaveDisplayValue('Média');
      expect(
        within(within(dialog).getByLabelText('Prioridade'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Baixa', 'Média', 'Alta']);
      expect(within(dialog).queryByLabelText('Cc')).not.toBeInTheDocument();

      expect(send).toBeDisabled();
      await user.type(to, 'ana@cliente.com');
      await user.type(within(dialog).getByLabelText('Assunto'), 'Proposta');
      expect(send).toBeDisabled();
      // Enter in a field submits the form: still nothing without Conteúdo.
      await user.type(within(dialog).getByLabelText('Assunto'), '{Enter}');
      await user.type(within(dialog).getByLabelText('Conteúdo'), '   ');
      expect(send).toBeDisabled();
      await user.click(send);
      expect(box.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
      expect(box.sent).toEqual([]);

      await user.clear(within(dialog).getByLabelText('Assunto'));
      await user.type(within(dialog).getByLabelText('Conteúdo'), 'Segue a proposta.');
      expect(send).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Assunto'), 'Proposta');
      expect(send).toBeEnabled();
      await user.clear(to);
      expect(send).toBeDisabled();
      expect(box.sent).toEqual([]);
    });

    it("sends, says 'Email enviado com sucesso!' and refreshes the column", async () => {
      const { user, column } = renderPanel();
      await waitFor(() => expect(within(column).getAllByRole('listitem')).toHaveLength(5));
      await user.click(within(column).getByRole('button', { name: 'Novo email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Novo email' });
      await user.type(within(dialog).getByLabelText('Para'), 'ana@cliente.com');
      await user.type(within(dialog).getByLabelText('Assunto'), 'Proposta comercial');
      await user.type(within(dialog).getByLabelText('Conteúdo'), 'Segue a proposta.');
      await user.selectOptions(within(dialog).getByLabelText('Prioridade'), 'Alta');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar Email' }));

      expect(await screen.findByText('Email enviado com sucesso!')).toBeInTheDocument();
      expect(screen.getByText('Email enviado com sucesso!').closest('[role="status"]')).not.toBeNull();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(box.sent).toEqual([
        {
          to: 'ana@cliente.com',
          subject: 'Proposta comercial',
          content: 'Segue a proposta.',
          priority: 'high',
          kind: 'new',
        },
      ]);
      const sent = await within(column).findByRole('listitem', { name: 'Ana Souza: Proposta comercial' });
      expect(within(sent).getByText('Alta')).toBeInTheDocument();
      expect(within(sent).getByText('para ana@cliente.com', { exact: false })).toBeInTheDocument();
      expect(within(column).getAllByRole('listitem')).toHaveLength(5);
      expect(box.calls).toEqual([
        'GET /api/emails?limit=5',
        'POST /api/emails',
        'GET /api/emails/sent1',
        'GET /api/emails?limit=5',
      ]);
    });

    it("says 'Enviando…' until the SMTP server took it; a refusal shows its reason and keeps what was typed", async () => {
      box.outcome = { status: 'failed', error: 'O servidor SMTP recusou o email: 550 no such user' };
      const { user, column } = renderPanel();
      await user.click(within(column).getByRole('button', { name: 'Novo email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Novo email' });
      await user.type(within(dialog).getByLabelText('Para'), 'ninguem@cliente.com');
      await user.type(within(dialog).getByLabelText('Assunto'), 'Oi');
      await user.type(within(dialog).getByLabelText('Conteúdo'), 'Tudo bem?');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar Email' }));
      expect(await within(dialog).findByRole('button', { name: 'Enviando…' })).toBeDisabled();
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'O servidor SMTP recusou o email: 550 no such user',
      );
      expect(screen.queryByText('Email enviado com sucesso!')).not.toBeInTheDocument();
      expect(within(dialog).getByLabelText('Para')).toHaveValue('ninguem@cliente.com');
      // The column shows it as not sent, the reason in its title.
      const failed = await within(column).findByRole('listitem', { name: 'Ana Souza: Oi' });
      expect(within(failed).getByText('Não enviado')).toHaveAttribute(
        'title',
        'O servidor SMTP recusou o email: 550 no such user',
      );
      // Its view says so, with the reason.
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await user.click(within(column).getByRole('button', { name: 'Ana Souza: Oi' }));
      const view = await screen.findByRole('dialog', { name: 'Oi' });
      expect(
        within(view).getByText('Não enviado: O servidor SMTP recusou o email: 550 no such user'),
      ).toBeVisible();
    });

    it("shows the server's error text and keeps what was typed", async () => {
      server.use(
        http.post('/api/emails', () =>
          HttpResponse.json(
            { success: false, error: 'Email inválido', code: 'INVALID_EMAIL' },
            { status: 400 },
          ),
        ),
      );
      const { user, column } = renderPanel();
      await user.click(within(column).getByRole('button', { name: 'Novo email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Novo email' });
      await user.type(within(dialog).getByLabelText('Para'), 'ana@cliente');
      await user.type(within(dialog).getByLabelText('Assunto'), 'Oi');
      await user.type(within(dialog).getByLabelText('Conteúdo'), 'Tudo bem?');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar Email' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email inválido');
      expect(within(dialog).getByLabelText('Para')).toHaveValue('ana@cliente');
      expect(screen.queryByText('Email enviado com sucesso!')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('view', () => {
    it('lists the files a received e-mail brought, each a download link with its size', async () => {
      box.emails[0]!.attachments = [
        {
          filename: 'boleto.pdf',
          contentType: 'application/pdf',
          size: 12_800,
          url: '/api/media/em-x/em_1-0.pdf',
        },
      ];
      await openFirst();
      const dialog = screen.getByRole('dialog', { name: 'Dúvida sobre o pedido' });
      const link = within(dialog).getByRole('link', { name: 'boleto.pdf' });
      expect(link).toHaveAttribute('href', '/api/media/em-x/em_1-0.pdf');
      expect(link).toHaveAttribute('download', 'boleto.pdf');
      expect(within(dialog).getByText('(12,5 KB)')).toBeInTheDocument();
      expect(within(dialog).queryByText('Com anexo')).not.toBeInTheDocument();
    });

    async function openFirst() {
      const { user, column } = renderPanel();
      await waitFor(() => expect(within(column).getAllByRole('listitem')).toHaveLength(5));
      await user.click(item(column, 'Carlos <carlos@cliente.com>: Dúvida sobre o pedido'));
      const dialog = await screen.findByRole('dialog', { name: 'Dúvida sobre o pedido' });
      return { user, column, dialog };
    }

    it('shows sender, pt-BR date, priority and content, and marks the e-mail read', async () => {
      const { column, dialog } = await openFirst();
      expect(within(dialog).getByText('Carlos <carlos@cliente.com>')).toBeInTheDocument();
      expect(within(dialog).getByText(/^10 de março de 2026/)).toBeInTheDocument();
      expect(within(dialog).getByText('Alta')).toBeInTheDocument();
      expect(within(dialog).getByText('Com anexo')).toBeInTheDocument();
      expect(within(dialog).getByText(/Qual o prazo de entrega\?\s+Obrigado/)).toBeInTheDocument();
      for (const name of ['Responder', 'Responder com cópia', 'Encaminhar', 'Excluir']) {
        expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
      }
      await waitFor(() => expect(box.calls).toContain('POST /api/emails/e1/read'));
      const first = within(column).getByRole('listitem', {
        name: 'Carlos <carlos@cliente.com>: Dúvida sobre o pedido',
      });
      expect(within(first).queryByText('Não lido')).not.toBeInTheDocument();
      await waitFor(() => expect(box.calls.filter((c) => c === 'GET /api/emails?limit=5')).toHaveLength(2));
      expect(within(first).queryByText('Não lido')).not.toBeInTheDocument();
    });

    it('does not mark an e-mail already read', async () => {
      const { user, column } = renderPanel();
      await waitFor(() => expect(within(column).getAllByRole('listitem')).toHaveLength(5));
      await user.click(item(column, 'cliente2@exemplo.com: Assunto 2'));
      await screen.findByRole('dialog', { name: 'Assunto 2' });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(box.calls).toEqual(['GET /api/emails?limit=5']);
    });

    it("'Responder' prefills Para with the sender, 'Re: …' and the quoted content, and sends a reply", async () => {
      const { user, column, dialog } = await openFirst();
      await user.click(within(dialog).getByRole('button', { name: 'Responder' }));
      const reply = await screen.findByRole('dialog', { name: 'Responder email' });
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(within(reply).getByLabelText('Para')).toHaveValue('carlos@cliente.com');
      expect(within(reply).getByLabelText('Assunto')).toHaveValue('Re: Dúvida sobre o pedido');
      const content = within(reply).getByLabelText('Conteúdo');
      expect((content as HTMLTextAreaElement).value).toMatch(
        /^\n\nEm 10 de março de 2026.*, Carlos <carlos@cliente.com> escreveu:\n> Qual o prazo de entrega\?\n> Obrigado$/,
      );
      expect(content).toHaveFocus();
      expect(within(reply).queryByLabelText('Cc')).not.toBeInTheDocument();
      expect(within(reply).getByLabelText('Prioridade')).toHaveDisplayValue('Média');

      // The caret starts above the quote.
      expect((content as HTMLTextAreaElement).selectionStart).toBe(0);
      await user.keyboard('O prazo é de 3 dias.');
      await user.click(within(reply).getByRole('button', { name: 'Enviar Email' }));
      expect(await screen.findByText('Email enviado com sucesso!')).toBeInTheDocument();
      expect(box.sent).toHaveLength(1);
      expect(box.sent[0]).toMatchObject({
        to: 'carlos@cliente.com',
        subject: 'Re: Dúvida sobre o pedido',
        kind: 'reply',
        inReplyTo: 'e1',
        priority: 'medium',
      });
      expect(String(box.sent[0]!.content)).toMatch(/^O prazo é de 3 dias\.\n\nEm /);
      expect(
        await within(column).findByRole('listitem', { name: 'Ana Souza: Re: Dúvida sobre o pedido' }),
      ).toBeInTheDocument();
    });

    it("'Responder com cópia' adds a Cc field and sends it", async () => {
      const { user, dialog } = await openFirst();
      await user.click(within(dialog).getByRole('button', { name: 'Responder com cópia' }));
      const reply = await screen.findByRole('dialog', { name: 'Responder com cópia' });
      expect(within(reply).getByLabelText('Para')).toHaveValue('carlos@cliente.com');
      const cc = within(reply).getByLabelText('Cc');
      expect(cc).toHaveValue('');
      await user.type(cc, 'gerente@empresa.com');
      await user.click(within(reply).getByRole('button', { name: 'Enviar Email' }));
      await screen.findByText('Email enviado com sucesso!');
      expect(box.sent[0]).toMatchObject({
        to: 'carlos@cliente.com',
        cc: 'gerente@empresa.com',
        subject: 'Re: Dúvida sobre o pedido',
        kind: 'reply_all',
        inReplyTo: 'e1',
      });
    });

    it("'Encaminhar' leaves Para empty with 'Fwd: …' and the quoted content; nothing is sent without Para", async () => {
      const { user, dialog } = await openFirst();
      await user.click(within(dialog).getByRole('button', { name: 'Encaminhar' }));
      const forward = await screen.findByRole('dialog', { name: 'Encaminhar email' });
      const to = within(forward).getByLabelText('Para');
      expect(to).toHaveValue('');
      expect(to).toHaveFocus();
      expect(within(forward).getByLabelText('Assunto')).toHaveValue('Fwd: Dúvida sobre o pedido');
      const content = (within(forward).getByLabelText('Conteúdo') as HTMLTextAreaElement).value;
      expect(content).toContain('---------- Mensagem encaminhada ----------');
      expect(content).toContain('De: Carlos <carlos@cliente.com>');
      expect(content).toMatch(/> Qual o prazo de entrega\?\n> Obrigado$/);
      const send = within(forward).getByRole('button', { name: 'Enviar Email' });
      expect(send).toBeDisabled();
      await user.click(send);
      expect(box.sent).toEqual([]);

      await user.type(to, 'logistica@empresa.com');
      await user.click(send);
      await screen.findByText('Email enviado com sucesso!');
      expect(box.sent[0]).toMatchObject({
        to: 'logistica@empresa.com',
        subject: 'Fwd: Dúvida sobre o pedido',
        kind: 'forward',
        inReplyTo: 'e1',
      });
    });

    it("'Excluir' asks first: 'Cancelar' keeps it, 'Excluir' deletes it and it leaves the list", async () => {
      const { user, column, dialog } = await openFirst();
      await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
      const confirm = await screen.findByRole('dialog', { name: 'Excluir email' });
      expect(confirm).toHaveAccessibleDescription('Tem certeza que deseja excluir este email?');
      await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
      expect(screen.queryByRole('dialog', { name: 'Excluir email' })).not.toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Dúvida sobre o pedido' })).toBeInTheDocument();
      expect(box.calls.some((c) => c.startsWith('DELETE'))).toBe(false);

      await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
      const again = await screen.findByRole('dialog', { name: 'Excluir email' });
      await user.click(within(again).getByRole('button', { name: 'Excluir' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(box.calls).toContain('DELETE /api/emails/e1');
      expect(screen.getByText('Email excluído com sucesso!')).toBeInTheDocument();
      await waitFor(() =>
        expect(
          within(column).queryByRole('listitem', {
            name: 'Carlos <carlos@cliente.com>: Dúvida sobre o pedido',
          }),
        ).not.toBeInTheDocument(),
      );
      expect(within(column).getAllByRole('listitem')).toHaveLength(5);
    });

    it('keeps the confirmation open with the server error when deleting fails', async () => {
      server.use(
        http.delete('/api/emails/:id', () =>
          HttpResponse.json({ success: false, error: 'Email não encontrado' }, { status: 404 }),
        ),
      );
      const { user, dialog } = await openFirst();
      await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
      const confirm = await screen.findByRole('dialog', { name: 'Excluir email' });
      await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      expect(await within(confirm).findByRole('alert')).toHaveTextContent('Email não encontrado');
    });
  });

  describe("'Ver todos'", () => {
    it('lists every e-mail, searches, filters unread and priority, and opens one', async () => {
      const { user, column } = renderPanel();
      await waitFor(() => expect(within(column).getAllByRole('listitem')).toHaveLength(5));
      await user.click(within(column).getByRole('button', { name: 'Ver todos' }));
      const dialog = await screen.findByRole('dialog', { name: 'Todos os emails' });
      await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(7));
      expect(within(dialog).getByText('7 email(s)')).toBeInTheDocument();
      expect(box.calls).toEqual(['GET /api/emails?limit=5', 'GET /api/emails']);

      const search = within(dialog).getByRole('searchbox', { name: 'Buscar emails' });
      await user.type(search, 'duvida');
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
      await user.clear(search);
      await user.type(search, 'nada disso');
      expect(within(dialog).getByText('Nenhum email encontrado')).toBeInTheDocument();
      await user.clear(search);

      await user.click(within(dialog).getByRole('checkbox', { name: 'Somente não lidos' }));
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['Carlos <carlos@cliente.com>: Dúvida sobre o pedido', 'cliente5@exemplo.com: Assunto 5']);
      await user.selectOptions(within(dialog).getByLabelText('Prioridade'), 'Alta');
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
      await user.click(within(dialog).getByRole('checkbox', { name: 'Somente não lidos' }));
      await user.selectOptions(within(dialog).getByLabelText('Prioridade'), 'Baixa');
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
      await user.selectOptions(within(dialog).getByLabelText('Prioridade'), 'Todas');

      // Opening one from the list marks it read; the list stays underneath.
      await user.click(item(dialog, 'cliente5@exemplo.com: Assunto 5'));
      const view = await screen.findByRole('dialog', { name: 'Assunto 5' });
      await waitFor(() => expect(box.calls).toContain('POST /api/emails/e5/read'));
      await user.click(within(view).getByRole('button', { name: 'Excluir' }));
      const confirm = await screen.findByRole('dialog', { name: 'Excluir email' });
      await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(6));
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
