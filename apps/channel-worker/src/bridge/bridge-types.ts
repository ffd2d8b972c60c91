import type { Logger } from 'pino';
import type {
  AggregateCache,
  Channel,
  CheckpointStore,
  ConversationAllowance,
  EventSource,
  ProcessorHost,
  EventStore,
  MediaStore,
  SessionArchiveStore,
  SessionLeases,
} from '@atende/events';
import type { JobQueue, KeyedJobQueues } from '../queue/job-queue.js';

/** Payload of a send job (job id = our message id). */
export interface SendJob {
  workspaceId: string;
  /** The conversation stream the request was appended to. */
  streamId: string;
  sessionId: string;
  chatId: string;
  messageId: string;
  /** Event id of the OutboundMessageRequested, for causation. The text is not in the job (the queue
   * may be Redis): it is read from the log, decrypted, when the job runs. */
  requestEventId: string;
  /**
   * Its stream position: the text is read from there on, not from the conversation's start (a long
   * conversation's whole history was read and decrypted for each send). Absent in jobs queued before
   * it was carried: the whole stream is read.
   */
  requestPosition?: number;
}

/** A session to connect again (the sessions read model's restorable ones). */
export interface RestorableSession {
  sessionId: string;
  phoneNumber: string;
  name: string;
}

/**
 * Several channel workers sharing the sessions: each runs a session only while it holds its lease,
 * and takes over the sessions of a worker that died.
 */
export interface ChannelOwnership {
  /** This worker's leases (`SessionLeaseHolder` on Redis or PostgreSQL; its cap is the worker's). */
  leases: SessionLeases;
  /**
   * One durable send queue per session (`BullMqSessionQueues`): every worker adds to it, only the
   * session's owner consumes it. The bridge closes it on stop().
   */
  sendQueues: KeyedJobQueues<SendJob>;
  /** How often the worker looks for sessions nobody runs (a dead worker's) and takes them; default 3 s. */
  scanEveryMs?: number;
  /**
   * A worker waits this long per session it runs before claiming a new one, so the least loaded
   * claims first; default 20 ms.
   */
  claimDelayPerSessionMs?: number;
}

export interface ChannelBridgeOptions {
  store: EventStore;
  channel: Channel;
  logger: Logger;
  /**
   * Send queue; default an InProcessQueue rate-limited per session. The bridge becomes its only
   * consumer (it calls `process`) and closes it on stop(). Not used with `ownership`.
   */
  queue?: JobQueue<SendJob>;
  /**
   * Several channel workers share the sessions (distributed mode). Each worker then follows the
   * whole log as a consumer of its own (`consumer` and the bus group named after the worker).
   */
  ownership?: ChannelOwnership;
  /**
   * Global position to follow the store from (inclusive). Default: after the saved checkpoint, or
   * the current end on a first start.
   */
  fromPosition?: number;
  /**
   * Where the bridge keeps the position below which every send request is finished (sent, failed
   * or found handled; with `ownership`, queued), so a restart picks up the requests it had not yet
   * dealt with.
   */
  checkpoints?: CheckpointStore;
  /**
   * With no saved checkpoint, follow the log from its beginning (a new deployment: every session
   * request and pending send is taken) instead of its end (the default: a bridge added to a log
   * with history does not revive old requests).
   */
  startAtBeginning?: boolean;
  /**
   * Where the bridge takes the log's events (batches in order from a position); default the event
   * store itself. Distributed mode: the event bus, as the channel worker's consumer group.
   */
  source?: EventSource;
  /** The process's one consumer of the log, shared with its other processors (embedded mode). */
  host?: ProcessorHost;
  /**
   * States of recent streams; default one of the bridge's own. Embedded mode shares the gateway's, so
   * a conversation's state is held once in the process.
   */
  cache?: AggregateCache;
  /** Checkpoint name; default 'channel-bridge'. */
  consumer?: string;
  /**
   * Sessions to connect again at start (they were connected when the process stopped); with
   * `ownership`, also where a worker finds the sessions of a worker that died.
   */
  restorableSessions?: () => Promise<RestorableSession[]>;
  /**
   * With `ownership`: the sessions waiting for their QR code that were requested, or issued a QR
   * code, at `since` or later (the sessions read model's pending ones). A worker takes over those
   * nobody holds (their worker died) and starts them again, so the connect modal gets a new QR code.
   * Without it, a session waiting for its QR code is taken again only by the worker that lost it.
   */
  pendingSessions?: (since: Date) => Promise<RestorableSession[]>;
  /**
   * The pseudonymous conversation id of a customer's address in a workspace (the deployment's
   * ContactKeys.conversationIdFor): conversation ids never carry phone numbers.
   */
  conversationIdFor(workspaceId: string, address: string): Promise<string>;
  /** A customer was erased (maybe by another process): cached keys and routes are stale. */
  onContactErased?: () => void;
  /**
   * Where the channel's media is: the files agents send are read from it, and a deleted
   * workspace's media is deleted with its events.
   */
  media?: Pick<MediaStore, 'deleteWorkspace' | 'get'>;
  /** Where the WhatsApp logins are saved (whatsapp-web.js): a deleted workspace's are deleted too. */
  sessionArchives?: Pick<SessionArchiveStore, 'deleteWorkspace'>;
  /** The workspace of a session (a read-model lookup); the channel stream is read when it has none. */
  workspaceOf(sessionId: string): Promise<string | undefined>;
  /**
   * The workspace's plan standing now (a read-model lookup): a conversation started beyond the
   * month's limit is stored marked as such. Without it, conversations are never marked.
   */
  allowanceOf?(workspaceId: string): Promise<ConversationAllowance | undefined>;
  /** Injectable clock for `receivedAt`, and for how long ago a pending session was asked for. */
  now?: () => Date;
}

export interface ChannelBridge {
  /** The conversation id a session's customer address is recorded under (the sandbox answers it). */
  conversationIdOf(sessionId: string, address: string): Promise<string | undefined>;
  /** Takes over no more sessions (shutting down); what runs here keeps running until stop(). */
  stopTakingSessions(): void;
  stop(): Promise<void>;
}
