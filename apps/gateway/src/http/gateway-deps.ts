import type { Logger } from 'pino';
import type { AggregateCache, ContactKeys, EventStore, MediaStore, ReadModels } from '@atende/events';
import type { FirebaseVerifier } from '../auth/firebase-verifier.js';
import type { SessionStore } from '../auth/session-store.js';
import type { SandboxPhone } from '../routes/sandbox/sandbox-routes.js';
import type { RateLimitStoreFactory } from './member-rate-limit.js';

/** Waits until the read models include a position (read-your-writes after a command). */
export interface ProjectionProgress {
  waitForPosition(position: number, timeoutMs?: number): Promise<boolean>;
}

/** What the gateway's routes use. */
export interface GatewayDeps {
  store: EventStore;
  /** The conversation id a sandbox customer's address was recorded under (the channel bridge's). */
  sandboxConversationId?: (sessionId: string, address: string) => Promise<string | undefined>;
  /** The customers' keys (LGPD erasure destroys one): the encrypted store's cipher. */
  contactKeys: ContactKeys;
  readModels: ReadModels;
  progress: ProjectionProgress;
  /**
   * States of recent streams for the routes' commands. Embedded mode passes the one its channel
   * bridge uses, so a conversation an agent answers is in memory once, not once per role. Default: one
   * of the gateway's own.
   */
  aggregateCache?: AggregateCache;
  sessions: SessionStore;
  logger: Logger;
  /** Origin allowed by CORS (unset: same origin only). */
  webOrigin?: string;
  /** Request body limit, default '100kb'. */
  bodyLimit?: string;
  /** Firebase mode: verifies the browser's Firebase ID tokens. */
  firebase?: FirebaseVerifier;
  /** The WhatsApp sandbox phone, when the sandbox driver is on (mounts /api/sandbox/whatsapp/*). */
  sandbox?: SandboxPhone;
  /** The x-sandbox-token its controls require (needed with `sandbox`). */
  sandboxToken?: string;
  /** Driver of new WhatsApp sessions (WHATSAPP_DRIVER); default the sandbox. */
  whatsappDriver?: 'sandbox' | 'wwebjs';
  /** The media of customers' messages, served at /api/media/<mediaId> (none: every file is missing). */
  media?: MediaStore;
  /** ATENDE_SIGNUP=open: POST /api/signup creates companies (otherwise it does not exist: 404). */
  signupOpen?: boolean;
  /** Where per-member rate limits count (default memory: one gateway; Redis across gateways). */
  rateLimitStore?: RateLimitStoreFactory;
  /** How long a burst of one member's refusals on one route is counted before its summary (default 60 s). */
  auditBurstWindowMs?: number;
  /**
   * Check each answer against its route's contract schema before sending it (VALIDATE_ANSWERS:
   * development and tests); a mismatch answers 500 INTERNAL_ANSWER_INVALID. Unset: not checked.
   */
  validateAnswers?: boolean;
  /** What the browser needs to start Firebase sign-in (public values). */
  firebaseWebConfig?: { apiKey?: string; authDomain?: string };
}
