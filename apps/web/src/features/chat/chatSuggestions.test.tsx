import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SUGGESTION_DELAY_MS } from './chatSaga';
import { chatWindowsActions, windowIdFor } from './chatWindowsSlice';
import type { Suggestion } from './suggestions-endpoints';
import { selectSuggestionsEntry } from './suggestions-endpoints';
import { chatServer, chatStore, conversation, MARIA, renderWindows } from './test/chat-fixtures';

const server = chatServer();

const CATALOGUE: Suggestion[] = [
  ['Olá! Obrigado por entrar em contato. Como posso ajudar?', 'greeting', 'Saudação'],
  ['Vou verificar isso para você, só um momento.', 'support', 'Suporte'],
  ['Nosso prazo de entrega é de 3 a 5 dias úteis.', 'product', 'Produto'],
  ['Posso ajudar em mais alguma coisa?', 'other', 'Geral'],
  ['Pode me informar o número do pedido, por favor?', 'support', 'Suporte'],
  ['Aceitamos Pix, cartão de crédito e boleto.', 'product', 'Produto'],
  ['Obrigado pelo contato! Tenha um ótimo dia.', 'other', 'Geral'],
  ['Sinto muito pelo transtorno! Vamos resolver isso agora mesmo.', 'support', 'Suporte'],
  ['Sim, temos esse produto em estoque!', 'product', 'Produto'],
  ['Nosso horário de atendimento é de segunda a sexta, das 9h às 18h.', 'other', 'Geral'],
].map(([text, category, categoryLabel], i) => ({
  id: `canned:${i}`,
  text: text!,
  category: category as Suggestion['category'],
  categoryLabel: categoryLabel!,
  confidence: 1 - i / 20,
  source: 'canned' as const,
}));

/** GET /api/conversations/:id/suggestions paging through CATALOGUE; records every request's URL. */
function suggestionsApi() {
  const requests: URL[] = [];
  server.use(
    http.get('/api/conversations/:conversationId/suggestions', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const count = Number(url.searchParams.get('count') ?? 5);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json({ success: true, suggestions: CATALOGUE.slice(offset, offset + count) });
    }),
  );
  return requests;
}

const window = () => screen.getByRole('dialog', { name: 'Conversa com Maria Souza' });
const strip = () => within(window()).getByRole('region', { name: 'Sugestões de resposta' });
const chips = () =>
  within(strip()).queryAllByRole('button', { name: (name) => name !== 'Gerar mais sugestões' });

function openWindow() {
  const store = chatStore(server, { rows: [conversation()] });
  renderWindows(store);
  act(() => {
    store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
  });
  return store;
}

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ advanceTimers: true });
});
afterEach(() => jest.useRealTimers());

/** A chip's accessible name, which is the suggestion's text it shows (WCAG 2.5.3). */
const accessibleName = (chip: HTMLElement) => {
  expect(chip).toHaveAccessibleName(chip.textContent ?? '');
  return chip.textContent;
};

describe('AI suggestions strip', () => {
  it('shows five suggestions about 1 s after the window opens; a click fills the textarea', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const requests = suggestionsApi();
    openWindow();
    expect(within(strip()).getByRole('status')).toHaveTextContent('Gerando sugestões...');

    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS - 50));
    expect(requests).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(50));
    await waitFor(() => expect(chips()).toHaveLength(5));

    expect(requests).toHaveLength(1);
    expect(requests[0]!.pathname).toBe('/api/conversations/5511999990001%40c.us/suggestions');
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ count: '5', offset: '0' });
    expect(chips().map(accessibleName)).toEqual(CATALOGUE.slice(0, 5).map((s) => s.text));
    // each chip carries its category label
    expect(chips()[0]).toHaveAccessibleDescription('Saudação');
    expect(chips()[1]).toHaveAccessibleDescription('Suporte');
    expect(chips()[2]).toHaveAccessibleDescription('Produto');
    expect(chips()[3]).toHaveAccessibleDescription('Geral');

    await user.click(
      within(strip()).getByRole('button', { name: 'Nosso prazo de entrega é de 3 a 5 dias úteis.' }),
    );
    const textarea = within(window()).getByRole('textbox', { name: 'Mensagem' });
    expect(textarea).toHaveValue('Nosso prazo de entrega é de 3 a 5 dias úteis.');
    expect(textarea).toHaveFocus();
    expect(within(window()).getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled();
  });

  it("'Gerar mais sugestões' brings other ones, and starts over after the last", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const requests = suggestionsApi();
    openWindow();
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS));
    await waitFor(() => expect(chips()).toHaveLength(5));

    await user.click(within(strip()).getByRole('button', { name: 'Gerar mais sugestões' }));
    await waitFor(() => expect(chips()[0]).toHaveAccessibleName(CATALOGUE[5]!.text));
    expect(chips().map(accessibleName)).toEqual(CATALOGUE.slice(5, 10).map((s) => s.text));
    expect(requests[1]!.searchParams.get('offset')).toBe('5');

    // offset 10 has nothing: the first ones again
    await user.click(within(strip()).getByRole('button', { name: 'Gerar mais sugestões' }));
    await waitFor(() => expect(chips()[0]).toHaveAccessibleName(CATALOGUE[0]!.text));
    expect(requests.map((url) => url.searchParams.get('offset'))).toEqual(['0', '5', '10', '0']);
  });

  it("a failure shows 'Erro ao gerar sugestões' with 'Tentar novamente', which asks again", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let calls = 0;
    server.use(
      http.get('/api/conversations/:conversationId/suggestions', () => {
        calls += 1;
        return HttpResponse.json({ success: false, error: 'Falha interna' }, { status: 500 });
      }),
    );
    openWindow();
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS));
    const alert = await within(strip()).findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao gerar sugestões');
    expect(alert).toHaveClass('text-red-600');
    expect(calls).toBe(1);

    const requests = suggestionsApi();
    await user.click(within(strip()).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(chips()).toHaveLength(5));
    expect(requests[0]!.searchParams.get('offset')).toBe('0');
    expect(within(strip()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a window closed before the delay asks for nothing; reopening waits again', async () => {
    const requests = suggestionsApi();
    const store = openWindow();
    act(() => {
      store.dispatch(chatWindowsActions.chatWindowClosed({ id: windowIdFor(MARIA) }));
    });
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS * 3));
    expect(requests).toHaveLength(0);

    act(() => {
      store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
    });
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS));
    await waitFor(() => expect(chips()).toHaveLength(5));
    expect(requests).toHaveLength(1);
  });

  it('a closed window lets its suggestions go; reopened, it asks again after the delay', async () => {
    const requests = suggestionsApi();
    const store = openWindow();
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS));
    await waitFor(() => expect(chips()).toHaveLength(5));
    expect(selectSuggestionsEntry(store.getState(), MARIA)).toBeDefined();
    act(() => {
      store.dispatch(chatWindowsActions.chatWindowClosed({ id: windowIdFor(MARIA) }));
    });
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(selectSuggestionsEntry(store.getState(), MARIA)).toBeUndefined();

    act(() => {
      store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
    });
    expect(within(strip()).getByRole('status')).toHaveTextContent('Gerando sugestões...');
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS));
    await waitFor(() => expect(chips()).toHaveLength(5));
    expect(requests).toHaveLength(2);
  });

  it('focusing or restoring an open window does not ask again', async () => {
    const requests = suggestionsApi();
    const store = openWindow();
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS));
    await waitFor(() => expect(chips()).toHaveLength(5));
    act(() => {
      store.dispatch(chatWindowsActions.chatWindowMinimized({ id: windowIdFor(MARIA) }));
      store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
    });
    await act(() => jest.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS * 2));
    expect(chips()).toHaveLength(5);
    expect(requests).toHaveLength(1);
  });
});
