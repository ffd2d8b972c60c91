import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import type { Conversation } from '../../api/types';
import { apiMiddleware, rootReducer, type RootState } from '../../app/store';
import { authActions, authReducer } from '../auth/authSlice';
import { inboxState } from '../conversations/test/conversation-fixtures';
import { messagesSaga } from '../messages/messagesSaga';
import { chatSaga } from './chatSaga';
import { ChatWindows } from './ChatWindows';
import { chatWindowsActions } from './chatWindowsSlice';
import { chatServer, conversation, MARIA, me } from './test/chat-fixtures';

const server = chatServer();

const tasks: Task[] = [];
afterEach(() => {
  for (const task of tasks.splice(0)) task.cancel();
});
beforeEach(() => localStorage.clear());

/** Signed in, the conversation listed, the chat and messages sagas running (sending for real). */
function renderChat(row: Conversation = conversation()) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: authReducer(undefined, authActions.sessionChecked(me())),
      ...inboxState([row]),
    } as RootState,
    middleware: (getDefault) => getDefault().concat(apiMiddleware, sagaMiddleware),
  });
  tasks.push(
    sagaMiddleware.run(function* () {
      yield all([fork(chatSaga), fork(messagesSaga)]);
    }),
  );
  server.use(
    http.get('/api/whatsapp/messages/:id', () =>
      HttpResponse.json({ success: true, messages: [], source: 'atende', nextCursor: null }),
    ),
  );
  render(
    <Provider store={store}>
      <ChatWindows />
    </Provider>,
  );
  act(() => {
    store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: row.id }));
  });
  return { store, window: () => screen.getByRole('dialog', { name: 'Conversa com Maria Souza' }) };
}

const TRIAL_ENDED =
  'O período de teste terminou. Escolha um plano em Assinatura para voltar a enviar mensagens.';
const PLAN_LIMIT =
  'Limite de 1000 conversas por mês do plano Starter atingido. Faça upgrade em Assinatura para responder a esta conversa.';

describe('chat window and the plan', () => {
  it.each([
    ['TRIAL_ENDED', TRIAL_ENDED],
    ['PLAN_LIMIT_CONVERSATIONS', PLAN_LIMIT],
  ])("shows the server's text when a send is refused with 402 %s", async (code, text) => {
    server.use(
      http.post('/api/whatsapp/send', () =>
        HttpResponse.json({ success: false, error: text, code }, { status: 402 }),
      ),
    );
    const user = userEvent.setup();
    const { window } = renderChat();
    await user.type(within(window()).getByRole('textbox', { name: 'Mensagem' }), 'Bom dia!{Enter}');
    expect(await within(window()).findByText(text)).toBeInTheDocument();
    expect(within(window()).queryByText('Erro ao enviar mensagem')).not.toBeInTheDocument();
    // The message's own retry (the suggestions strip, not served in this test, may offer its own).
    const retries = within(window())
      .getAllByRole('button', { name: 'Tentar novamente' })
      .filter((button) => !button.closest('section[aria-label="Sugestões de resposta"]'));
    expect(retries).toHaveLength(1);
  });

  it("keeps 'Erro ao enviar mensagem' for other refusals", async () => {
    server.use(
      http.post('/api/whatsapp/send', () =>
        HttpResponse.json(
          { success: false, error: 'Sessão desconectada', code: 'SESSION_DOWN' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { window } = renderChat();
    await user.type(within(window()).getByRole('textbox', { name: 'Mensagem' }), 'Bom dia!{Enter}');
    expect(await within(window()).findByText('Erro ao enviar mensagem')).toBeInTheDocument();
  });

  it("marks a conversation over the month's limit 'Acima do limite' in its header", () => {
    const { window } = renderChat(conversation({ overLimitMonth: '2026-03' }));
    const header = within(window()).getByRole('heading', { name: 'Maria Souza' }).closest('header')!;
    expect(within(header).getByText('Acima do limite')).toBeInTheDocument();
  });

  it('shows no badge for a conversation within the limit', () => {
    const { window } = renderChat(conversation({ id: MARIA }));
    expect(within(window()).queryByText('Acima do limite')).not.toBeInTheDocument();
  });
});
