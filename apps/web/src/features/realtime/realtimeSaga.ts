import type { PayloadAction } from '@reduxjs/toolkit';
import { buffers, eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, select, take } from 'redux-saga/effects';
import type { Socket } from 'socket.io-client';
import type { Conversation, Me } from '../../api/types';
import { authActions } from '../auth/authSlice';
import { selectChangingOwnPassword, selectLoggingOut } from '../auth/selectors';
import { sessionStillValid } from '../auth/session-saga';
import { twoFactorEnrolmentPending } from '../auth/two-factor-status';
import { removeRow, storeRow } from '../conversations/conversations-list';
import { conversationsRequested, inboxChange } from '../conversations/conversations-endpoints';
import { selectConversationById } from '../conversations/selectors';
import { contactNameOf, DEFAULT_CONTACT_NAME } from '../conversations/row-format';
import { layoutActions } from '../layout/layoutSlice';
import { messageContent } from '../messages/message-model';
import { messagesActions, selectLoadedConversationIds } from '../messages/messages-endpoints';
import { realtimeConfig } from './realtime-config';
import { realtimeActions, selectLastPosition } from './realtimeSlice';
import {
  SERVER_EVENTS,
  pushedConversation,
  type AckError,
  type ChannelPayload,
  type ConversationUpdatedPayload,
  type JoinAck,
  type MessageStatusPayload,
  type NewMessagePayload,
  type ResyncPayload,
  type ServerEventName,
} from './socket-events';

/**
 * Whether this tab is still signed in after the server closed or refused the socket. This tab's own
 * password change ends every session of the account, then answers with a fresh cookie: a check made
 * in between would sign the tab out, so it waits for that answer first.
 */
function* sessionSurvived(): SagaIterator<boolean> {
  if (yield select(selectChangingOwnPassword)) {
    yield take([authActions.ownPasswordChanged.type, authActions.ownPasswordChangeFailed.type]);
  }
  return yield* sessionStillValid();
}

/** What the socket tells the saga, through the event channel (in order, nothing dropped). */
export type SocketEvent =
  | { kind: 'connected'; resumedFrom: number | null }
  | { kind: 'joined'; ack: JoinAck | AckError | null; error: unknown; resumedFrom: number | null }
  | { kind: 'disconnected'; reason: string }
  | { kind: 'connectError'; error: Error; willRetry: boolean }
  | { kind: 'reconnectFailed' }
  | { kind: 'push'; name: ServerEventName; payload: unknown };

/** The saga's view of the connection: the last position it handled and what the handshake sent. */
interface Cursor {
  /** The highest position handled (what the next handshake resumes from). */
  position: number;
  /** The `lastPosition` the current connection's handshake carried; null = started live. */
  resumedFrom: number | null;
}

/**
 * The socket's events as a channel. The expanding buffer keeps every event while the saga is busy
 * (a message is never dropped). Closing it removes the listeners and disconnects the socket.
 */
export function socketChannel(socket: Socket, userId: string, cursor: Cursor): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    const onConnect = () => {
      const resumedFrom = cursor.resumedFrom;
      emit({ kind: 'connected', resumedFrom });
      // The spec's join: the user's own id (the server checks it against the session).
      socket
        .timeout(realtimeConfig.ackTimeoutMs)
        .emit('join:user', userId, (error: unknown, ack: JoinAck | AckError | undefined) =>
          emit({ kind: 'joined', ack: error ? null : (ack ?? null), error, resumedFrom }),
        );
    };
    const onDisconnect = (reason: string) => emit({ kind: 'disconnected', reason });
    const onConnectError = (error: Error) =>
      // `active`: Socket.IO tries again by itself; not after a refusal by the server's middleware.
      emit({ kind: 'connectError', error, willRetry: socket.active });
    const onReconnectFailed = () => emit({ kind: 'reconnectFailed' });
    const pushes = SERVER_EVENTS.map((name) => {
      const listener = (payload: unknown) => emit({ kind: 'push', name, payload });
      socket.on(name, listener);
      return [name, listener] as const;
    });
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.io.on('reconnect_failed', onReconnectFailed);
    return () => {
      for (const [name, listener] of pushes) socket.off(name, listener);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.io.off('reconnect_failed', onReconnectFailed);
      socket.disconnect();
    };
  }, buffers.expanding<SocketEvent>(128));
}

/** Opens the socket (not connected yet): same origin, websocket then polling, 5 quick attempts 1 s apart. */
async function openSocket(cursor: Cursor): Promise<Socket> {
  return realtimeConfig.createSocket(realtimeConfig.url, {
    autoConnect: false,
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionAttempts: realtimeConfig.reconnectionAttempts,
    reconnectionDelay: realtimeConfig.reconnectionDelay,
    withCredentials: true,
    // Read on every (re)connection: a reconnect resumes after the last position seen.
    auth: (send: (data: object) => void) => {
      cursor.resumedFrom = cursor.position > 0 ? cursor.position : null;
      send(cursor.resumedFrom === null ? {} : { lastPosition: cursor.resumedFrom });
    },
  });
}

/** The socket, once Socket.IO's client chunk loads: a failed load (network down) is tried again. */
function* openSocketRetrying(cursor: Cursor): SagaIterator<Socket> {
  for (;;) {
    try {
      return (yield call(openSocket, cursor)) as Socket;
    } catch {
      yield delay(realtimeConfig.slowRetryMs);
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const positionOf = (payload: unknown): number | undefined =>
  isRecord(payload) && typeof payload.position === 'number' && Number.isFinite(payload.position)
    ? payload.position
    : undefined;

/** A position handled: remembered for the next handshake and in the store. */
function* seen(cursor: Cursor, position: number | undefined): SagaIterator {
  if (position === undefined || position <= cursor.position) return;
  cursor.position = position;
  yield put(realtimeActions.positionSeen(position));
}

/** Reload everything the socket keeps fresh: the conversation list and the loaded conversations' messages. */
function* reloadAll(): SagaIterator {
  yield put(conversationsRequested());
  const ids: string[] = yield select(selectLoadedConversationIds);
  for (const conversationId of ids)
    yield put(messagesActions.messagesRequested({ conversationId, silent: true }));
}

function* upsertRow(row: unknown): SagaIterator {
  const conversation = pushedConversation(row);
  // A pushed row that joins the list is news: its unread messages count for the badge.
  if (conversation)
    yield put(inboxChange((list) => storeRow(list, conversation), { joined: true, left: false }));
}

function* onNewMessage(cursor: Cursor, payload: NewMessagePayload): SagaIterator {
  const position = positionOf(payload);
  const isNew = position === undefined || position > cursor.position;
  yield* seen(cursor, position);
  const { conversation, ...message } = payload;
  const fromMe = message.fromMe === true || message.sender === 'agent';
  if (conversation) yield* upsertRow(conversation);
  else if (isNew && typeof message.conversationId === 'string') {
    // No row came along: raise the unread count and the last message ourselves (spec §4).
    const row: Conversation | undefined = yield select(selectConversationById, message.conversationId);
    if (row) {
      const raised: Conversation = {
        ...row,
        lastMessage: messageContent({ content: message.content, type: message.type }),
        lastMessageType: typeof message.type === 'string' ? message.type : row.lastMessageType,
        lastMessageFromMe: fromMe,
        lastTimestamp: typeof message.timestamp === 'string' ? message.timestamp : row.lastTimestamp,
        unreadCount: fromMe ? row.unreadCount : row.unreadCount + 1,
        messageCount: row.messageCount + 1,
      };
      yield put(inboxChange((list) => storeRow(list, raised), { joined: true, left: false }));
    }
  }
  yield put(messagesActions.messageReceived(message));
  // A customer's message as it arrives (a replay after a reconnect is not news): screen readers hear it.
  if (isNew && !fromMe && typeof message.conversationId === 'string') {
    const row: Conversation | undefined = yield select(selectConversationById, message.conversationId);
    const name = row ? contactNameOf(row) : message.senderName?.trim() || DEFAULT_CONTACT_NAME;
    yield put(layoutActions.newMessageAnnounced({ name }));
  }
}

function* onPush(cursor: Cursor, name: ServerEventName, payload: unknown): SagaIterator {
  if (!isRecord(payload)) return;
  switch (name) {
    case 'whatsapp:newMessage':
      yield* onNewMessage(cursor, payload as NewMessagePayload);
      return;
    case 'message:updated':
      yield* seen(cursor, positionOf(payload));
      yield put(messagesActions.messageUpdated(payload as NewMessagePayload));
      return;
    case 'message:status': {
      const status = payload as unknown as MessageStatusPayload;
      yield* seen(cursor, positionOf(payload));
      yield put(
        messagesActions.messageStatusChanged({
          conversationId: status.conversationId,
          messageId: status.messageId,
          status: status.status,
          error: status.error,
        }),
      );
      return;
    }
    case 'conversation:updated':
      yield* seen(cursor, positionOf(payload));
      yield* upsertRow((payload as unknown as ConversationUpdatedPayload).conversation);
      return;
    case 'conversation:removed': {
      // Assigned to someone else: it leaves this agent's list (the server sends nothing more of it).
      yield* seen(cursor, positionOf(payload));
      const id = (payload as { conversationId?: unknown }).conversationId;
      if (typeof id === 'string')
        yield put(inboxChange((list) => removeRow(list, id), { joined: false, left: true }));
      return;
    }
    case 'whatsapp:connected':
    case 'whatsapp:disconnected': {
      const channel = payload as unknown as ChannelPayload;
      yield* seen(cursor, positionOf(payload));
      yield put(
        realtimeActions.channelStatusChanged({
          connected: name === 'whatsapp:connected',
          sessionId: String(channel.sessionId ?? ''),
          phoneNumber: String(channel.phoneNumber ?? ''),
        }),
      );
      return;
    }
    case 'resync':
      // Too much was missed to replay: reload with REST; live changes continue after this position.
      yield* seen(cursor, (payload as unknown as ResyncPayload).position);
      yield* reloadAll();
      return;
  }
}

function* onJoined(cursor: Cursor, event: Extract<SocketEvent, { kind: 'joined' }>): SagaIterator {
  if (!event.ack?.success) {
    console.warn('Socket: join:user recusado', event.error ?? event.ack);
    return;
  }
  const position = event.ack.position;
  if (typeof position === 'number' && position < cursor.position) {
    // The server's log is behind what we saw (it was reset): follow it from its position and reload.
    cursor.position = position;
    yield put(realtimeActions.positionReset(position));
    yield* reloadAll();
    return;
  }
  yield* seen(cursor, position);
  // Started live (nothing to resume from): what changed between the REST loads and now was not pushed.
  if (event.resumedFrom === null) yield* reloadAll();
}

/**
 * When Socket.IO will not reconnect by itself (its attempts are used up, the server closed the
 * socket, or refused the handshake): one attempt now and then, until connected.
 */
function* reconnectSlowly(socket: Socket, firstDelayMs: number): SagaIterator {
  socket.io.reconnection(false);
  let wait = firstDelayMs;
  while (!socket.connected) {
    yield delay(wait);
    if (socket.connected) break;
    socket.connect();
    wait = realtimeConfig.slowRetryMs;
  }
}

/** The socket of one signed-in user, from connect to logout. */
export function* liveSocket(userId: string): SagaIterator {
  const lastPosition: number = yield select(selectLastPosition);
  const cursor: Cursor = { position: lastPosition, resumedFrom: null };
  // 'connecting' from the start: Socket.IO's client itself may still be on its way (a lazy chunk).
  yield put(realtimeActions.socketStatusChanged('connecting'));
  let socket: Socket;
  try {
    socket = yield call(openSocketRetrying, cursor);
  } finally {
    // Signed out while the client was still loading.
    if (yield cancelled()) yield put(realtimeActions.socketStatusChanged('idle'));
  }
  const channel: EventChannel<SocketEvent> = yield call(socketChannel, socket, userId, cursor);
  const slow: { task: Task | null } = { task: null };
  /** One warning per outage, not one per attempt. */
  let warned = false;
  const retry = function* (firstDelayMs: number): SagaIterator {
    if (slow.task?.isRunning()) return;
    slow.task = yield fork(reconnectSlowly, socket, firstDelayMs);
  };
  try {
    socket.connect();
    for (;;) {
      const event: SocketEvent = yield take(channel);
      try {
        switch (event.kind) {
          case 'connected':
            if (slow.task?.isRunning()) yield cancel(slow.task);
            slow.task = null;
            socket.io.reconnection(true);
            warned = false;
            yield put(realtimeActions.socketStatusChanged('connected'));
            break;
          case 'joined':
            yield* onJoined(cursor, event);
            break;
          case 'disconnected':
            yield put(realtimeActions.socketStatusChanged('disconnected'));
            // The server closed it (Socket.IO does not come back by itself then): the session may have
            // ended (a logout in another tab, an expiry, a removal); then this tab signs out too.
            if (event.reason === 'io server disconnect') {
              // This tab's own logout closed it: the logout flow takes it from here.
              if (yield select(selectLoggingOut)) return;
              if (!(yield* sessionSurvived())) {
                yield put(authActions.sessionEnded());
                return;
              }
              yield* retry(realtimeConfig.serverDisconnectRetryMs);
            }
            break;
          case 'connectError':
            // Spec §8: socket connection errors are only logged.
            if (!warned) console.warn('Socket: erro de conexão', event.error.message);
            warned = true;
            yield put(realtimeActions.socketStatusChanged('disconnected'));
            if (event.error.message === 'UNAUTHENTICATED' && !(yield* sessionSurvived())) {
              yield put(authActions.sessionEnded());
              return;
            }
            if (!event.willRetry) yield* retry(realtimeConfig.slowRetryMs);
            break;
          case 'reconnectFailed':
            yield* retry(realtimeConfig.slowRetryMs);
            break;
          case 'push':
            yield* onPush(cursor, event.name, event.payload);
            break;
        }
      } catch (error) {
        // One bad event must not end the live updates.
        console.error('Socket: evento não aplicado', error);
      }
    }
  } finally {
    channel.close();
    if (yield cancelled()) yield put(realtimeActions.socketStatusChanged('idle'));
  }
}

type AuthAction = PayloadAction<Me | null>;

/**
 * The live socket while someone is signed in: started by the session check or a login, restarted for
 * another user, stopped (and disconnected) on logout. An account that still has to enrol in the
 * two-factor sign-in its workspace requires gets none until a refresh says it did.
 */
export function* realtimeSaga(): SagaIterator {
  let task: Task | null = null;
  let userId: string | null = null;
  for (;;) {
    const action: AuthAction = yield take([
      authActions.sessionChecked.type,
      authActions.loginSucceeded.type,
      authActions.userRefreshed.type,
      authActions.loggedOut.type,
      authActions.sessionEnded.type,
    ]);
    const user =
      action.type === authActions.loggedOut.type || action.type === authActions.sessionEnded.type
        ? null
        : action.payload;
    // The server refuses the socket until the account enrolled in the two-factor sign-in its workspace requires.
    const next = user && !twoFactorEnrolmentPending(user) ? user.id : null;
    const running = task as Task | null;
    if (next !== null && next === userId && running?.isRunning()) continue;
    if (running?.isRunning()) yield cancel(running);
    task = null;
    userId = next;
    if (userId !== null) task = yield fork(liveSocket, userId);
  }
}
