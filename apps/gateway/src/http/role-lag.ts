import type { RoleLag } from '@atende/api-contract';
/** Where one role that follows the log has come to, as it last published it. */
export interface RoleProgress {
  /** `relay`, `projector`, … */
  role: string;
  /** The last global position it handled (undefined: it never published one). */
  position: number | undefined;
  /** When it last said it is alive (epoch ms); undefined when the role has no heartbeat. */
  aliveAt?: number;
  /** It runs but refuses to do its work (the relay on a misconfigured bus): not ready however small the lag. */
  refusing?: boolean;
}

/** Asks where the roles of the deployment are (a Redis hash in distributed mode, in-process embedded). */
export type RoleProgressProbe = () => Promise<RoleProgress[]>;

export interface ReadinessLimits {
  /** More events than this behind the log: not ready. */
  maxLag: number;
  /** No heartbeat for this long: the role is down. */
  staleMs: number;
}

/** As /readyz reports it (the contract's). */
export type { RoleLag };

/** Each role's lag behind the log, and what makes the deployment not ready (empty: ready). */
export function roleLags(
  lastPosition: number,
  roles: readonly RoleProgress[],
  limits: ReadinessLimits,
  now = Date.now(),
): { roles: RoleLag[]; problems: string[] } {
  const problems: string[] = [];
  const lags = roles.map((r) => {
    const position = r.position ?? 0;
    const lag = Math.max(0, lastPosition - position);
    const silentMs = r.aliveAt === undefined ? undefined : Math.max(0, now - r.aliveAt);
    if (silentMs !== undefined && silentMs > limits.staleMs) {
      problems.push(`${r.role} not running (silent for ${Math.round(silentMs / 1000)} s)`);
    } else if (r.aliveAt === undefined && r.position === undefined && lastPosition > 0) {
      problems.push(`${r.role} never ran`);
    }
    if (r.refusing) problems.push(`${r.role} refuses the bus as configured (see its log)`);
    if (lag > limits.maxLag) problems.push(`${r.role} ${lag} events behind the log`);
    return { role: r.role, position, lag, ...(silentMs !== undefined ? { silentMs } : {}) };
  });
  return { roles: lags, problems };
}
