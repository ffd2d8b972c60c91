import { RELAY_PROJECTOR_ALIVE, RELAY_REFUSING, type CheckpointStore } from '@atende/events';
import { LIVE_PROJECTOR_POSITION } from '@atende/projector';
import type { RoleProgressProbe } from '../http/role-lag.js';

/** The relay's checkpoint name (startRelay's default). */
const RELAY_CHECKPOINT = 'kafka-relay';

/**
 * The relay's and the projector's progress as their process publishes it in the shared checkpoints
 * (Redis): their positions, and the heartbeat of the process running both.
 */
export function checkpointRoleProbe(checkpoints: CheckpointStore): RoleProgressProbe {
  return async () => {
    const [relay, projector, alive, refusing] = await Promise.all([
      checkpoints.load(RELAY_CHECKPOINT),
      checkpoints.load(LIVE_PROJECTOR_POSITION),
      checkpoints.load(RELAY_PROJECTOR_ALIVE),
      checkpoints.load(RELAY_REFUSING),
    ]);
    return [
      {
        role: 'relay',
        position: relay,
        ...(alive !== undefined ? { aliveAt: alive } : {}),
        ...(refusing === 1 ? { refusing: true } : {}),
      },
      { role: 'projector', position: projector, ...(alive !== undefined ? { aliveAt: alive } : {}) },
    ];
  };
}
