import type { EventStore } from '@atende/events';
import { appendAndReadContract } from './append-read-contract.js';
import { startChildWriter } from './child-process.js';
import { uniqueStream, type ContractSuite, type EventStoreHarness } from './contract-suite.js';
import { workspaceErasureContract } from './erasure-contract.js';
import { subscriptionsContract } from './subscriptions-contract.js';
import { writesContract } from './writes-contract.js';

export type { EventStoreHarness } from './contract-suite.js';

/**
 * The behaviour every EventStore adapter must have. Call it from the adapter's test file with a
 * factory that makes a fresh, empty storage per test.
 */
export function eventStoreContract(adapterName: string, makeHarness: () => Promise<EventStoreHarness>): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    const extra: EventStore[] = [];

    beforeEach(async () => {
      harness = await makeHarness();
      store = await harness.open();
    });
    afterEach(async () => {
      await Promise.all([store, ...extra.splice(0)].map((s) => s.close()));
      await harness.cleanup();
    });

    async function another(): Promise<EventStore> {
      const s = await harness.open();
      extra.push(s);
      return s;
    }

    // The blocks, in files of their own: each gets the store of the test that runs through `suite`.
    const suite: ContractSuite = {
      store: () => store,
      another,
      childEnv: () => harness.childEnv(),
    };

    appendAndReadContract(suite);
    writesContract(suite);
    subscriptionsContract(suite);
    workspaceErasureContract(suite);

    describe('durability', () => {
      it('keeps every append that returned before the writer was killed with SIGKILL', async () => {
        const stream = uniqueStream();
        const child = startChildWriter(['report', '100000', stream], harness.childEnv());
        const acknowledged: Array<{ id: string; position: number }> = [];
        await new Promise<void>((resolve) => {
          let buffer = '';
          child.stdout!.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            const lines = buffer.split('\n');
            buffer = lines.pop()!;
            for (const line of lines) {
              const [, id, position] = line.split(' ');
              acknowledged.push({ id: id!, position: Number(position) });
            }
            if (acknowledged.length >= 25 && !child.killed) {
              child.kill('SIGKILL');
              resolve();
            }
          });
        });
        await new Promise((resolve) => child.once('exit', resolve));
        const reopened = await another();
        const stored = await reopened.readStream(stream);
        const storedIds = new Map(stored.map((e) => [e.metadata.eventId, e.globalPosition]));
        for (const { id, position } of acknowledged) expect(storedIds.get(id)).toBe(position);
      });
    });
  });
}
