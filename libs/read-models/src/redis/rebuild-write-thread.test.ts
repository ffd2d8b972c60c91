import { RebuildWriteThread } from './rebuild-write-thread.js';
import type { RebuildWrites } from './rebuild-writes.js';

const writes: RebuildWrites = {
  set: ['k', '{"v":1}'],
  unlink: [],
  add: [],
  remove: [],
  checkpointKey: 'cp',
  checkpoint: '1',
};

describe('RebuildWriteThread', () => {
  it('rejects a batch when Redis cannot be reached, then closes promptly', async () => {
    // Port 1 on loopback: nothing listens there, every connection attempt is refused.
    const thread = new RebuildWriteThread('redis://127.0.0.1:1');
    await expect(thread.send(writes)).rejects.toThrow(/max retries|ECONNREFUSED/i);
    await thread.close();
    await expect(thread.send(writes)).rejects.toThrow(/stopped/);
  });
});
