import type { Logger } from 'pino';
import { atendeRegistry, newId, streams, type EventStore } from '@atende/events';

/** What one refusal says (AccessDenied's data, without the burst count). */
export interface Refusal {
  workspaceId: string;
  userId: string;
  role: string;
  permission: string;
  method: string;
  path: string;
  /** The route's template (`/api/team/:userId`): refusals of one member on one route form a burst. */
  route: string;
  requestId: string;
}

interface Burst {
  /** Refusals after the first one, not recorded yet. */
  more: number;
  last: Refusal;
  timer: NodeJS.Timeout;
}

/**
 * Keeps refusals from flooding the audit stream: the first refusal of a member on a route is
 * recorded at once (AccessDenied, with its request id); the ones that follow within `windowMs` are
 * only counted, and recorded as one AccessDenied with `burst` = their number when the window
 * closes. A member can thus write at most one record per route per window, plus one summary.
 */
export class AuditBursts {
  private readonly open = new Map<string, Burst>();

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
    private readonly windowMs = 60_000,
  ) {}

  async refused(refusal: Refusal): Promise<void> {
    const key = [refusal.workspaceId, refusal.userId, refusal.method, refusal.route].join('\u0000');
    const burst = this.open.get(key);
    if (burst) {
      burst.more += 1;
      burst.last = refusal;
      return;
    }
    const timer = setTimeout(() => this.close(key), this.windowMs);
    timer.unref();
    this.open.set(key, { more: 0, last: refusal, timer });
    await this.record(refusal, refusal.requestId || newId());
  }

  /** Records what is still counted (a stop), without waiting for the windows. */
  async flush(): Promise<void> {
    await Promise.all([...this.open.keys()].map((key) => this.close(key)));
  }

  private async close(key: string): Promise<void> {
    const burst = this.open.get(key);
    if (!burst) return;
    this.open.delete(key);
    clearTimeout(burst.timer);
    if (burst.more === 0) return;
    // Its own correlation id: the summary belongs to no one request.
    await this.record(burst.last, newId(), burst.more).catch((error: unknown) =>
      this.logger.error({ err: error, workspaceId: burst.last.workspaceId }, 'audit burst not recorded'),
    );
  }

  private async record(refusal: Refusal, correlationId: string, burst?: number): Promise<void> {
    const event = atendeRegistry.prepare(
      {
        type: 'AccessDenied',
        data: {
          userId: refusal.userId,
          role: refusal.role,
          permission: refusal.permission,
          method: refusal.method,
          path: refusal.path,
          ...(burst !== undefined ? { burst } : {}),
        },
      },
      { workspaceId: refusal.workspaceId, actorId: refusal.userId, correlationId },
    );
    await this.store.appendToStream(streams.audit(refusal.workspaceId), [event]);
  }
}
