import { loadAggregate, streams, userDecider } from '@atende/events';
import type { GatewayDeps } from '../http/gateway-deps.js';

/**
 * The account's password hash as its stream has it now (the user decider's fold), null for an
 * account without a password (Firebase) or none at all. Read from the log, never from a read model:
 * those are published to every host and carry no hash.
 */
export async function currentPasswordHash(
  deps: Pick<GatewayDeps, 'store'>,
  userId: string,
): Promise<string | null> {
  const { state } = await loadAggregate({ store: deps.store }, userDecider, streams.user(userId));
  return state.status === 'none' ? null : state.user.passwordHash;
}
