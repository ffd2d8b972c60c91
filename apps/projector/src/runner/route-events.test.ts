import type { ProjectionTx } from '@atende/events';
import { MemoryReadModels } from '@atende/read-models';
import { defineProjection } from '../projection.js';
import { TestLog } from '../testing/test-log.js';
import { applyBatch } from './apply-batch.js';
import { eventRouter } from './route-events.js';

/** Records the positions it was handed, in one document. */
function recorder(name: string, types: Array<'ConversationPinned' | 'ConversationArchived'>) {
  const record = (event: { globalPosition: number }, tx: ProjectionTx) => {
    const seen = tx.get<number[]>('seen', 'all') ?? [];
    tx.put('seen', 'all', [...seen, event.globalPosition]);
  };
  return defineProjection(name, Object.fromEntries(types.map((t) => [t, record])));
}

function sampleLog(): TestLog {
  const log = new TestLog();
  const stream = 'conversation-w1-5511@c.us';
  log.append(stream, { type: 'ConversationPinned', data: {} });
  log.append(stream, { type: 'ConversationArchived', data: { byUserId: 'u1' } });
  log.append(stream, { type: 'ConversationUnpinned', data: {} });
  log.append(stream, { type: 'ConversationPinned', data: {} });
  return log;
}

describe('eventRouter', () => {
  it('hands each projection only the events of its types, in log order, an event to every projection that reads it', () => {
    const pins = recorder('pins', ['ConversationPinned']);
    const both = recorder('both', ['ConversationPinned', 'ConversationArchived']);
    const route = eventRouter([pins, both]);
    const routed = route(sampleLog().events);
    expect(routed.map((events) => events.map((e) => e.globalPosition))).toEqual([
      [1, 4],
      [1, 2, 4],
    ]);
  });

  it('gives empty lists when no projection reads the batch', () => {
    const route = eventRouter([recorder('archives', ['ConversationArchived'])]);
    expect(route(sampleLog().events.slice(2, 3))).toEqual([[]]);
  });
});

describe('applyBatch with routed events', () => {
  it('applies what it was handed and moves the checkpoint to the end of the whole batch', async () => {
    const projection = recorder('archives', ['ConversationArchived']);
    const readModels = new MemoryReadModels();
    const events = sampleLog().events;
    const [own] = eventRouter([projection])(events);
    const result = await applyBatch(projection, readModels.writer('archives'), own!, { routedThrough: 4 });
    expect(result).toEqual({ applied: 1, checkpoint: 4 });
    const view = readModels.view('archives');
    expect(await view.get('seen', 'all')).toEqual([2]);
    expect(await view.checkpoint()).toBe(4);
  });

  it('skips events at or below the checkpoint and leaves a batch it already has unchanged', async () => {
    const projection = recorder('pins', ['ConversationPinned']);
    const readModels = new MemoryReadModels();
    const writer = readModels.writer('pins');
    const events = sampleLog().events;
    const route = eventRouter([projection]);
    await applyBatch(projection, writer, route(events.slice(0, 2))[0]!, { routedThrough: 2 });
    // Delivered again with what follows: only position 4 is new.
    const again = await applyBatch(projection, writer, route(events)[0]!, { routedThrough: 4 });
    expect(again).toEqual({ applied: 1, checkpoint: 4 });
    expect(await readModels.view('pins').get('seen', 'all')).toEqual([1, 4]);
    const repeat = await applyBatch(projection, writer, route(events)[0]!, { routedThrough: 4 });
    expect(repeat).toEqual({ applied: 0, checkpoint: 4 });
    expect(await readModels.view('pins').get('seen', 'all')).toEqual([1, 4]);
  });
});
