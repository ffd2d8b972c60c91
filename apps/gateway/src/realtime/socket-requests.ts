import type { Logger } from 'pino';
import type { ClientToServerEvents } from '@atende/api-contract';
import type { RealtimeSocket } from './realtime-types.js';
import { ackErrors, type AckError, type JoinAck, type ResumeAck } from './schemas.js';

type Ack = (response: JoinAck | ResumeAck | AckError) => void;

/** An error refusing a handshake: the client's `connect_error` has `message` = code and `data`. */
export function refusal(code: string, error: string): Error {
  return Object.assign(new Error(code), { data: { success: false, error, code } });
}

/** Runs a socket's subscribe operations one after the other (a resume never overlaps a join). */
export function enqueue<T>(socket: RealtimeSocket, op: () => Promise<T>): Promise<T> {
  const run = socket.data.queue.then(op, op);
  socket.data.queue = run.catch(() => undefined);
  return run;
}

/** Registers a client event: the payload checked with zod, the ack optional, errors answered. */
export function handleRequest<T>(
  logger: Logger,
  socket: RealtimeSocket,
  name: keyof ClientToServerEvents,
  parse: (payload: unknown) => { success: true; data: T } | { success: false },
  run: (data: T) => Promise<JoinAck | ResumeAck | AckError>,
): void {
  socket.on(name, (...args: unknown[]) => {
    const ack: Ack | undefined =
      typeof args[args.length - 1] === 'function' ? (args.pop() as Ack) : undefined;
    const parsed = args.length <= 1 ? parse(args[0]) : { success: false as const };
    if (!parsed.success) {
      ack?.(ackErrors.validation());
      return;
    }
    run(parsed.data).then(
      (response) => ack?.(response),
      (error: unknown) => {
        logger.error({ err: error, event: name }, 'socket request failed');
        ack?.(ackErrors.internal());
      },
    );
  });
}
