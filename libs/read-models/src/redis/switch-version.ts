import type { Redis } from 'ioredis';
import { CheckpointConflictError } from '@atende/events';
import type { ProjectionKeys } from './keys.js';

/**
 * Switches a projection to a rebuilt version, compared and set in one step: refused while the
 * serving version's checkpoint is further than the rebuilt one's (the live projector applied events
 * the rebuild has not read yet; switching then would drop them from what is served).
 * KEYS[1] active-version key, KEYS[2] serving version's checkpoint, KEYS[3] rebuilt version's
 * checkpoint. ARGV[1] the serving version as read before, ARGV[2] the rebuilt version.
 * Returns {1} when switched, {0, 'moved'} when another switch came first, else {0, serving, rebuilt}.
 */
const SWITCH_SCRIPT = `
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return {0, 'moved'} end
local serving = redis.call('GET', KEYS[2]) or '0'
local rebuilt = redis.call('GET', KEYS[3]) or '0'
if tonumber(serving) > tonumber(rebuilt) then return {0, serving, rebuilt} end
redis.call('SET', KEYS[1], ARGV[2])
return {1}
`;

/**
 * Makes `version` the serving one unless the serving version holds more (CheckpointConflictError).
 * Resolves with the version it replaced.
 */
export async function switchVersion(
  redis: Redis,
  keys: ProjectionKeys,
  version: string,
): Promise<string | null> {
  for (;;) {
    const previous = await redis.get(keys.active);
    const reply = (await redis.eval(
      SWITCH_SCRIPT,
      3,
      keys.active,
      keys.version(previous ?? '').checkpoint,
      keys.version(version).checkpoint,
      previous ?? '',
      version,
    )) as [number, string?, string?];
    if (reply[0] === 1) return previous;
    // Another rebuild switched in between: compare with what serves now.
    if (reply[1] === 'moved') continue;
    throw new CheckpointConflictError(keys.projection, Number(reply[2]), Number(reply[1]));
  }
}
