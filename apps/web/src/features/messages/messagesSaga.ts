import type { SendAnswer } from '@atende/api-contract';
import type { SagaIterator, Task } from 'redux-saga';
import { all, call, delay, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import type { Conversation, Me } from '../../api/types';
import type { RootState } from '../../app/store';
import { selectUser } from '../auth/selectors';
import { inboxChange } from '../conversations/conversations-endpoints';
import { storeRow } from '../conversations/conversations-list';
import { selectConversationById } from '../conversations/selectors';
import { realtimeConfig } from '../realtime/realtime-config';
import { selectSocketStatus, type SocketStatus } from '../realtime/realtimeSlice';
import { pushedConversation } from '../realtime/socket-events';
import { sendErrorText } from './message-model';
import {
  conversationViewedAnnounced,
  messagesActions,
  selectChatMessage,
  selectLoadedConversationIds,
  sendAnnounced,
  type ChatMessage,
} from './messages-endpoints';

const encode = encodeURIComponent;

const selectItem = (state: RootState, conversationId: string, localId: string): ChatMessage | undefined =>
  selectChatMessage(state, conversationId, localId);

/** The conversations shown in chat windows (the polling fallback keeps these fresh); loaded ones without the window state. */
const selectShownConversationIds = (state: RootState): string[] => {
  const windows = (state as { chatWindows?: { windows?: { conversationId?: unknown }[] } }).chatWindows
    ?.windows;
  if (!Array.isArray(windows)) return selectLoadedConversationIds(state);
  return [
    ...new Set(windows.map((w) => w.conversationId).filter((id): id is string => typeof id === 'string')),
  ];
};

// ---- sending ---------------------------------------------------------------------------------

/**
 * POST /api/whatsapp/send with the message's client id as the idempotency key (a retry that follows
 * a lost answer never makes a second message), then the stored id / the failure text.
 */
function* postSend(conversationId: string, localId: string): SagaIterator {
  const message: ChatMessage | undefined = yield select(selectItem, conversationId, localId);
  if (!message) return;
  const user: Me | null = yield select(selectUser);
  try {
    const answer: SendAnswer = yield call(apiRequest<SendAnswer>, '/api/whatsapp/send', {
      method: 'POST',
      body: {
        ...(user ? { userId: user.id } : {}),
        conversationId,
        content: message.content,
        type: 'text',
        timestamp: message.timestamp,
        clientMessageId: localId,
      },
    });
    yield put(
      messagesActions.messageSendSucceeded({
        conversationId,
        localId,
        messageId: typeof answer.messageId === 'string' && answer.messageId ? answer.messageId : localId,
        message: answer.message ?? null,
      }),
    );
  } catch (error) {
    // No answer at all (network, timeout): 'Erro de conexão'; an ended trial or the month's limit:
    // the server's text (it says what to do); any other refusal: 'Erro ao enviar mensagem'.
    const text = sendErrorText(isApiError(error) ? error : null);
    if (!isApiError(error)) console.error('Envio de mensagem falhou', error);
    yield put(messagesActions.messageSendFailed({ conversationId, localId, error: text }));
  }
}

/** Sends only what the reducer accepted for this very attempt (blank text, a taken retry: nothing). */
function* sendAttempt(action: ReturnType<typeof sendAnnounced>): SagaIterator {
  const { conversationId, localId, attempt } = action.payload;
  const message: ChatMessage | undefined = yield select(selectItem, conversationId, localId);
  if (!message || message.sendAttempt !== attempt) return;
  yield call(postSend, conversationId, localId);
}

// ---- marking read ----------------------------------------------------------------------------

/** POST /api/conversations/:id/read when the conversation has unread messages; its count drops to 0 at once. */
function* markReadIfUnread(conversationId: string): SagaIterator {
  const row: Conversation | undefined = yield select(selectConversationById, conversationId);
  if (!row || !(row.unreadCount > 0)) return;
  const read: Conversation = { ...row, unreadCount: 0 };
  yield put(inboxChange((list) => storeRow(list, read), { joined: true, left: false }));
  try {
    const answer: { conversation?: Conversation } = yield call(
      apiRequest<{ conversation?: Conversation }>,
      `/api/conversations/${encode(conversationId)}/read`,
      { method: 'POST', body: {} },
    );
    const updated = pushedConversation(answer.conversation);
    const current: Conversation | undefined = yield select(selectConversationById, conversationId);
    // Only if nothing newer (a pushed row) came meanwhile.
    if (updated && (!current || Date.parse(updated.updatedAt) >= Date.parse(current.updatedAt))) {
      yield put(inboxChange((list) => storeRow(list, updated), { joined: true, left: false }));
    }
  } catch (error) {
    console.warn('Não foi possível marcar a conversa como lida', conversationId, error);
  }
}

/**
 * `conversationViewed` may come often (every render of new messages): per conversation one request
 * at a time, after a short quiet period, and again only if it was viewed meanwhile.
 */
function* watchViewed(): SagaIterator {
  const workers = new Map<string, { task: Task; again: { value: boolean } }>();
  function* worker(conversationId: string, again: { value: boolean }): SagaIterator {
    do {
      again.value = false;
      yield delay(realtimeConfig.readDebounceMs);
      yield call(markReadIfUnread, conversationId);
    } while (again.value);
  }
  for (;;) {
    const action: ReturnType<typeof conversationViewedAnnounced> = yield take(
      conversationViewedAnnounced.type,
    );
    const { conversationId } = action.payload;
    const current = workers.get(conversationId);
    if (current?.task.isRunning()) {
      current.again.value = true;
      continue;
    }
    const again = { value: false };
    workers.set(conversationId, { task: yield fork(worker, conversationId, again), again });
  }
}

// ---- polling fallback ------------------------------------------------------------------------

/** While the socket is down (never while it is connected): the shown conversations' messages every 5 s. */
function* pollWhileSocketDown(): SagaIterator {
  for (;;) {
    yield delay(realtimeConfig.pollIntervalMs);
    const status: SocketStatus = yield select(selectSocketStatus);
    const user: Me | null = yield select(selectUser);
    if (!user || status === 'connected' || status === 'idle') continue;
    const ids: string[] = yield select(selectShownConversationIds);
    for (const conversationId of ids) {
      yield put(messagesActions.messagesRequested({ conversationId, silent: true }));
    }
  }
}

export function* messagesSaga(): SagaIterator {
  yield all([takeEvery(sendAnnounced.type, sendAttempt), fork(watchViewed), fork(pollWhileSocketDown)]);
}
