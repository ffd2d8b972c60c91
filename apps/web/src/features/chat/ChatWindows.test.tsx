import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  conversationViewedAnnounced,
  loadAnnounced,
  messagesActions,
  selectMessagesEntry,
  sendAnnounced,
} from '../messages/messages-endpoints';
import { chatWindowsActions, windowIdFor } from './chatWindowsSlice';
import {
  chatServer,
  chatStore,
  conversation,
  JOAO,
  loaded,
  MARIA,
  message,
  messagesTestStore,
  renderWindows,
  setMessages,
} from './test/chat-fixtures';

const server = chatServer();

/** A send as the composer asks for it (messageSendRequested adds the client message id and attempt). */
const sendOf = (content: string) =>
  expect.objectContaining({
    type: sendAnnounced.type,
    payload: expect.objectContaining({ conversationId: MARIA, content }),
  });

beforeEach(() => localStorage.clear());

const rows = [
  conversation(),
  conversation({ id: JOAO, customerName: 'João Lima', name: 'João Lima', contactName: 'João Lima' }),
];
const maria = () => screen.getByRole('dialog', { name: 'Conversa com Maria Souza' });
const joao = () => screen.getByRole('dialog', { name: 'Conversa com João Lima' });

function openMaria(store: { dispatch: (action: UnknownAction) => unknown }, conversationId = MARIA) {
  act(() => {
    store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId }));
  });
}

describe('ChatWindows', () => {
  it('opens one window per conversation: header, controls, composer; opening it again gives no second window', async () => {
    const store = chatStore(server, { rows });
    renderWindows(store);
    openMaria(store);

    const window = maria();
    expect(window).toHaveAttribute('data-state', 'normal');
    expect(window).not.toHaveAttribute('aria-modal', 'true');
    expect(within(window).getByRole('heading', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(within(window).getByText('WhatsApp')).toBeInTheDocument();
    for (const name of ['Minimizar', 'Maximizar', 'Fechar', 'Ocultar detalhes', 'Enviar mensagem']) {
      expect(within(window).getByRole('button', { name })).toBeInTheDocument();
    }
    const textarea = within(window).getByRole('textbox', { name: 'Mensagem' });
    expect(textarea).toHaveAttribute('placeholder', 'Digite sua mensagem...');
    // the messages are asked for when the window opens
    expect(selectMessagesEntry(store.getState(), MARIA)).toMatchObject({ loading: true });

    openMaria(store);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(store.getState().chatWindows.windows).toHaveLength(1);

    openMaria(store, JOAO);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
  });

  it("shows 'Contato' for a conversation the list does not know yet", () => {
    const store = chatStore(server, { runSagas: false });
    renderWindows(store);
    openMaria(store);
    expect(screen.getByRole('dialog', { name: 'Conversa com Contato' })).toBeInTheDocument();
  });

  it('a click anywhere in a window brings it to the front', () => {
    const store = chatStore(server, { rows, runSagas: false });
    renderWindows(store);
    openMaria(store);
    openMaria(store, JOAO);
    const z = (id: string) => store.getState().chatWindows.windows.find((w) => w.conversationId === id)!.z;
    expect(z(JOAO)).toBeGreaterThan(z(MARIA));

    fireEvent.mouseDown(within(maria()).getByRole('log', { name: 'Mensagens' }));
    expect(z(MARIA)).toBeGreaterThan(z(JOAO));
    // the front window's own parent sits above the other one
    const layer = (dialog: HTMLElement) => Number(dialog.parentElement!.style.zIndex);
    expect(layer(maria())).toBeGreaterThan(layer(joao()));
  });

  it('maximizes to the viewport and back, and closes', async () => {
    const user = userEvent.setup();
    const store = chatStore(server, { rows, runSagas: false });
    renderWindows(store);
    openMaria(store);

    await user.click(within(maria()).getByRole('button', { name: 'Maximizar' }));
    expect(maria()).toHaveAttribute('data-state', 'maximized');
    const box = maria().parentElement!;
    expect(box.style.width).toBe(`${window.innerWidth}px`);
    expect(box.style.height).toBe(`${window.innerHeight}px`);

    await user.click(within(maria()).getByRole('button', { name: 'Restaurar' }));
    expect(maria()).toHaveAttribute('data-state', 'normal');
    expect(maria().parentElement!.style.width).toBe('1000px');
    expect(maria().parentElement!.style.height).toBe('600px');

    await user.click(within(maria()).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().chatWindows.windows).toHaveLength(0);
  });

  it('the keyboard follows the window: composer on open, Restaurar when minimized, the opener on close', async () => {
    const user = userEvent.setup();
    const store = chatStore(server, { rows, runSagas: false });
    renderWindows(store);
    const opener = document.body.appendChild(document.createElement('button'));
    opener.textContent = 'Maria Souza';
    opener.focus();
    openMaria(store);
    expect(within(maria()).getByRole('textbox', { name: 'Mensagem' })).toHaveFocus();

    await user.click(within(maria()).getByRole('button', { name: 'Minimizar' }));
    expect(within(maria()).getByRole('button', { name: 'Restaurar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(maria()).toHaveAttribute('data-state', 'normal');
    expect(within(maria()).getByRole('textbox', { name: 'Mensagem' })).toHaveFocus();

    await user.click(within(maria()).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  describe('minimized bar', () => {
    function minimized() {
      const store = chatStore(server, { rows, runSagas: false });
      renderWindows(store);
      openMaria(store);
      fireEvent.click(within(maria()).getByRole('button', { name: 'Minimizar' }));
      expect(maria()).toHaveAttribute('data-state', 'minimized');
      expect(within(maria()).queryByRole('textbox')).not.toBeInTheDocument();
      const box = maria().parentElement!;
      expect(box.style.width).toBe('240px');
      expect(box.style.height).toBe('64px');
      return { store, bar: within(maria()).getByRole('button', { name: 'Restaurar' }) };
    }

    it('a click without movement restores the window', () => {
      const { bar } = minimized();
      fireEvent.mouseDown(bar, { clientX: 100, clientY: 720 });
      fireEvent.mouseUp(bar, { clientX: 103, clientY: 722 });
      fireEvent.click(bar, { clientX: 103, clientY: 722 });
      expect(maria()).toHaveAttribute('data-state', 'normal');
      expect(within(maria()).getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();
    });

    it('a drag of more than 6 px does not restore it', () => {
      const { bar, store } = minimized();
      fireEvent.mouseDown(bar, { clientX: 100, clientY: 720 });
      fireEvent.mouseMove(document, { clientX: 110, clientY: 715 });
      fireEvent.mouseUp(document, { clientX: 110, clientY: 715 });
      fireEvent.click(bar, { clientX: 110, clientY: 715 });
      expect(maria()).toHaveAttribute('data-state', 'minimized');
      expect(store.getState().chatWindows.windows[0]!.isMinimized).toBe(true);
    });

    it('a drag that goes away and comes back to where it started does not restore it either', () => {
      const { bar, store } = minimized();
      const before = store.getState().chatWindows.windows[0]!.barPosition!;
      fireEvent.mouseDown(bar, { clientX: 100, clientY: 720 });
      fireEvent.mouseMove(document, { clientX: 160, clientY: 700 });
      fireEvent.mouseMove(document, { clientX: 101, clientY: 720 });
      fireEvent.mouseUp(document, { clientX: 101, clientY: 720 });
      fireEvent.click(bar, { clientX: 101, clientY: 720 });
      expect(maria()).toHaveAttribute('data-state', 'minimized');
      // the bar itself is draggable: dropping it stores where it is (inside the viewport)
      fireEvent.mouseDown(bar, { clientX: 100, clientY: 720 });
      fireEvent.mouseMove(document, { clientX: 300, clientY: 700 });
      fireEvent.mouseUp(document, { clientX: 300, clientY: 700 });
      const after = store.getState().chatWindows.windows[0]!.barPosition!;
      expect(after).not.toEqual(before);
      expect(after.x).toBeGreaterThanOrEqual(0);
      expect(after.x).toBeLessThanOrEqual(window.innerWidth - 240);
      expect(after.y).toBeGreaterThanOrEqual(0);
      expect(after.y).toBeLessThanOrEqual(window.innerHeight - 64);
    });

    it('the keyboard restores it too, and its Fechar closes it', async () => {
      const user = userEvent.setup();
      const { bar, store } = minimized();
      bar.focus();
      await user.keyboard('{Enter}');
      expect(maria()).toHaveAttribute('data-state', 'normal');

      fireEvent.click(within(maria()).getByRole('button', { name: 'Minimizar' }));
      await user.click(within(maria()).getByRole('button', { name: 'Fechar' }));
      expect(store.getState().chatWindows.windows).toHaveLength(0);
    });
  });

  describe('composer', () => {
    function composer() {
      const store = chatStore(server, { rows, runSagas: false });
      renderWindows(store);
      openMaria(store);
      const textarea = within(maria()).getByRole('textbox', { name: 'Mensagem' });
      const send = within(maria()).getByRole('button', { name: 'Enviar mensagem' });
      const sent = () => store.actions.filter((action) => sendAnnounced.match(action));
      return { store, textarea, send, sent };
    }

    it('Enter sends the trimmed text and clears the textarea', async () => {
      const user = userEvent.setup();
      const { textarea, sent } = composer();
      await user.type(textarea, '  Olá, tudo bem?  ');
      await user.keyboard('{Enter}');
      expect(sent()).toEqual([sendOf('Olá, tudo bem?')]);
      expect(textarea).toHaveValue('');
    });

    it('Shift+Enter adds a new line and does not send', async () => {
      const user = userEvent.setup();
      const { textarea, sent } = composer();
      await user.type(textarea, 'Linha 1');
      await user.keyboard('{Shift>}{Enter}{/Shift}');
      await user.type(textarea, 'Linha 2');
      expect(textarea).toHaveValue('Linha 1\nLinha 2');
      expect(sent()).toEqual([]);
      await user.keyboard('{Enter}');
      expect(sent()).toEqual([sendOf('Linha 1\nLinha 2')]);
    });

    it('the send button is disabled for blank text; it sends otherwise', async () => {
      const user = userEvent.setup();
      const { textarea, send, sent } = composer();
      expect(send).toBeDisabled();
      await user.type(textarea, '   ');
      expect(send).toBeDisabled();
      await user.keyboard('{Enter}');
      expect(sent()).toEqual([]);
      await user.type(textarea, 'Pedido 123');
      expect(send).toBeEnabled();
      await user.click(send);
      expect(sent()).toEqual([sendOf('Pedido 123')]);
      expect(send).toBeDisabled();
    });

    it('grows between 48 and 120 px, and between 36 and 80 px in a small window', async () => {
      const user = userEvent.setup();
      const { store, textarea } = composer();
      expect(textarea.style.height).toBe('48px');
      let contentHeight = 300;
      Object.defineProperty(textarea, 'scrollHeight', { configurable: true, get: () => contentHeight });
      await user.type(textarea, 'a');
      expect(textarea.style.height).toBe('120px');
      contentHeight = 70;
      await user.type(textarea, 'b');
      expect(textarea.style.height).toBe('70px');

      act(() => {
        store.dispatch(
          chatWindowsActions.chatWindowResized({ id: windowIdFor(MARIA), size: { width: 400, height: 500 } }),
        );
      });
      expect(textarea.style.height).toBe('70px');
      contentHeight = 10;
      await user.type(textarea, 'c');
      expect(textarea.style.height).toBe('36px');
      contentHeight = 300;
      await user.type(textarea, 'd');
      expect(textarea.style.height).toBe('80px');
    });
  });

  describe('side panel', () => {
    it("toggles with 'Ocultar detalhes' / 'Mostrar detalhes' and shows the contact", async () => {
      const user = userEvent.setup();
      const store = chatStore(server, { rows, runSagas: false });
      renderWindows(store);
      openMaria(store);
      const panel = within(maria()).getByRole('complementary', { name: 'Detalhes da conversa' });
      expect(within(panel).getByRole('heading', { name: 'Ações' })).toBeInTheDocument();
      expect(within(panel).getByRole('heading', { name: 'Contato' })).toBeInTheDocument();
      expect(within(panel).getByText('+5511999990001')).toBeInTheDocument();
      expect(within(panel).getByText('Online')).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Arquivar' })).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Avaliar com 1 estrela' })).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Avaliar com 5 estrelas' })).toBeInTheDocument();

      const hide = within(maria()).getByRole('button', { name: 'Ocultar detalhes' });
      expect(hide).toHaveAttribute('aria-expanded', 'true');
      await user.click(hide);
      expect(within(maria()).queryByRole('complementary')).not.toBeInTheDocument();
      expect(within(maria()).getByRole('button', { name: 'Mostrar detalhes' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });
  });

  describe('messages', () => {
    it('shows the empty text, the loading text and the load error with a retry', async () => {
      const user = userEvent.setup();
      const store = chatStore(server, { rows, runSagas: false, messages: { [MARIA]: loaded([]) } });
      renderWindows(store);
      openMaria(store);
      expect(within(maria()).getByText('Nenhuma mensagem ainda. Inicie a conversa!')).toBeInTheDocument();

      act(() => {
        store.dispatch(messagesActions.messagesRequested({ conversationId: MARIA }));
      });
      expect(within(maria()).getByText('Carregando mensagens...')).toBeInTheDocument();
      expect(
        within(maria()).queryByText('Nenhuma mensagem ainda. Inicie a conversa!'),
      ).not.toBeInTheDocument();

      const failing = chatStore(server, {
        rows,
        runSagas: false,
        messages: { [JOAO]: loaded([], { error: 'Erro ao carregar mensagens' }) },
      });
      renderWindows(failing);
      openMaria(failing, JOAO);
      const error = within(joao()).getByText('Erro ao carregar mensagens');
      expect(error).toHaveClass('text-red-600');
      await user.click(within(joao()).getByRole('button', { name: 'Tentar novamente' }));
      expect(failing.actions).toContainEqual(loadAnnounced({ conversationId: JOAO }));
      expect(store.actions).not.toContainEqual(loadAnnounced({ conversationId: JOAO }));
    });

    it('lists messages oldest first, own on the right, with status colours, media and a retry for failed sends', async () => {
      const user = userEvent.setup();
      const items = [
        message({ localId: 'm1', content: 'Oi, meu pedido atrasou', status: 'read' }),
        message({
          localId: 'm2',
          fromMe: true,
          sender: 'agent',
          content: 'Vou verificar',
          status: 'sending',
          id: null,
        }),
        message({ localId: 'm3', fromMe: true, sender: 'agent', content: 'Um momento', status: 'sent' }),
        message({ localId: 'm4', fromMe: true, sender: 'agent', content: 'Encontrei', status: 'delivered' }),
        message({ localId: 'm5', fromMe: true, sender: 'agent', content: 'Chega amanhã', status: 'read' }),
        message({ localId: 'm6', content: '', type: 'audio', mediaStatus: 'pending' }),
        message({
          localId: 'm7',
          content: '',
          type: 'image',
          mediaStatus: 'stored',
          mediaUrl: '/api/media/w1/foto.jpg',
        }),
        message({
          localId: 'm8',
          fromMe: true,
          sender: 'agent',
          content: 'Não foi',
          status: 'failed',
          error: 'Erro de conexão',
        }),
      ];
      const store = chatStore(server, { rows, runSagas: false, messages: { [MARIA]: loaded(items) } });
      renderWindows(store);
      openMaria(store);
      const log = within(maria()).getByRole('log', { name: 'Mensagens' });
      // the scrolling log is reachable with Tab, so the arrow keys scroll it
      expect(log).toHaveAttribute('tabindex', '0');
      const entries = within(log).getAllByRole('listitem');
      expect(entries).toHaveLength(8);
      expect(entries[0]).toHaveTextContent('Oi, meu pedido atrasou');
      expect(entries[0]).toHaveClass('items-start');
      expect(entries[1]).toHaveClass('items-end');
      // an incoming message has no status icon
      expect(within(entries[0]!).queryByRole('img')).not.toBeInTheDocument();

      const status = (index: number) => within(entries[index]!).getByRole('img');
      expect(status(1)).toHaveAccessibleName('Enviando');
      expect(status(1)).toHaveClass('text-slate-500');
      expect(status(2)).toHaveAccessibleName('Enviada');
      expect(status(2)).toHaveClass('text-slate-500');
      expect(status(3)).toHaveAccessibleName('Entregue');
      expect(status(3)).toHaveClass('text-blue-500');
      expect(status(4)).toHaveAccessibleName('Lida');
      expect(status(4)).toHaveClass('text-green-600');

      expect(entries[5]).toHaveTextContent('[Mídia: audio]');
      const image = within(entries[6]!).getByRole('img', { name: '[Mídia: image]' });
      expect(image).toHaveAttribute('src', '/api/media/w1/foto.jpg');
      expect(entries[6]).toHaveTextContent('[Mídia: image]');

      expect(within(entries[7]!).getByRole('img', { name: 'Falhou' })).toHaveClass('text-red-500');
      expect(within(entries[7]!).getByText('Erro de conexão')).toHaveClass('text-red-600');
      await user.click(within(entries[7]!).getByRole('button', { name: 'Tentar novamente' }));
      expect(store.actions).toContainEqual(
        expect.objectContaining({
          type: sendAnnounced.type,
          payload: expect.objectContaining({ conversationId: MARIA, localId: 'm8' }),
        }),
      );
    });

    it('marks incoming messages read while the window is shown, not while minimized', () => {
      const store = chatStore(server, { rows, runSagas: false, messages: { [MARIA]: loaded([message()]) } });
      renderWindows(store);
      openMaria(store);
      const viewed = () => store.actions.filter((action) => conversationViewedAnnounced.match(action)).length;
      expect(store.actions).toContainEqual(conversationViewedAnnounced({ conversationId: MARIA }));
      const before = viewed();

      fireEvent.click(within(maria()).getByRole('button', { name: 'Minimizar' }));
      expect(viewed()).toBe(before);
      fireEvent.click(within(maria()).getByRole('button', { name: 'Restaurar' }));
      expect(viewed()).toBeGreaterThan(before);
    });

    it('scrolls to new messages only when the reader was within 50 px of the bottom', () => {
      const base = chatStore(server, { rows, runSagas: false, messages: { [MARIA]: loaded([message()]) } });
      const store = messagesTestStore(base.getState());
      renderWindows(store);
      act(() => {
        store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
      });
      const log = within(maria()).getByRole('log');
      let scrollHeight = 1000;
      Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => scrollHeight });
      Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 300 });

      // 40 px from the bottom: follows the new message
      log.scrollTop = 660;
      fireEvent.scroll(log);
      scrollHeight = 1100;
      act(() => {
        store.dispatch(
          setMessages({ [MARIA]: loaded([message(), message({ localId: 'm2', content: 'Mais' })]) }),
        );
      });
      expect(log.scrollTop).toBe(1100);

      // reading older messages (far from the bottom): stays put
      log.scrollTop = 200;
      fireEvent.scroll(log);
      scrollHeight = 1200;
      act(() => {
        store.dispatch(
          setMessages({
            [MARIA]: loaded([
              message(),
              message({ localId: 'm2' }),
              message({ localId: 'm3', content: 'De novo' }),
            ]),
          }),
        );
      });
      expect(log.scrollTop).toBe(200);

      // …unless the agent sent it
      scrollHeight = 1300;
      act(() => {
        store.dispatch(
          setMessages({
            [MARIA]: loaded([
              message(),
              message({ localId: 'm2' }),
              message({ localId: 'm3' }),
              message({
                localId: 'local-1',
                id: null,
                fromMe: true,
                status: 'sending',
                content: 'Minha resposta',
              }),
            ]),
          }),
        );
      });
      expect(log.scrollTop).toBe(1300);
    });
  });

  it('follows the browser size: windows stay inside it', async () => {
    const store = chatStore(server, { rows, runSagas: false });
    renderWindows(store);
    openMaria(store);
    const [width, height] = [window.innerWidth, window.innerHeight];
    try {
      Object.assign(window, { innerWidth: 700, innerHeight: 500 });
      fireEvent(window, new Event('resize'));
      await waitFor(() =>
        expect(store.getState().chatWindows.windows[0]!.size).toEqual({ width: 700, height: 500 }),
      );
      expect(store.getState().chatWindows.windows[0]!.position).toEqual({ x: 0, y: 0 });
    } finally {
      Object.assign(window, { innerWidth: width, innerHeight: height });
    }
  });
});
