import { MemoryCheckpointStore, RELAY_PROJECTOR_ALIVE, RELAY_REFUSING } from '@atende/events';
import { LIVE_PROJECTOR_POSITION } from '@atende/projector';
import { checkpointRoleProbe } from './role-progress.js';

describe('checkpointRoleProbe', () => {
  it('reads the positions, the heartbeat and a refusing relay as the projector role publishes them', async () => {
    const checkpoints = new MemoryCheckpointStore();
    await checkpoints.save('kafka-relay', 40);
    await checkpoints.save(LIVE_PROJECTOR_POSITION, 38);
    await checkpoints.save(RELAY_PROJECTOR_ALIVE, 1_000);
    await checkpoints.save(RELAY_REFUSING, 1);
    const probe = checkpointRoleProbe(checkpoints);
    expect(await probe()).toEqual([
      { role: 'relay', position: 40, aliveAt: 1_000, refusing: true },
      { role: 'projector', position: 38, aliveAt: 1_000 },
    ]);
    await checkpoints.save(RELAY_REFUSING, 0);
    expect((await probe())[0]).toEqual({ role: 'relay', position: 40, aliveAt: 1_000 });
  });
});
