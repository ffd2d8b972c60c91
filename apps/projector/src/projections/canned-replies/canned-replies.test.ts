import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import {
  cannedRepliesProjection,
  cannedRepliesRevision,
  countCannedReplies,
  getCannedReply,
  listCannedReplies,
} from './index.js';

const T0 = '2026-11-02T10:00:00.000Z';

function create(log: TestLog, id: string, options: { ws?: string; at?: string; text?: string } = {}) {
  return log.append(
    `cannedreply-${id}`,
    {
      type: 'CannedReplyCreated',
      data: {
        cannedReplyId: id,
        text: options.text ?? `Resposta ${id}`,
        category: 'support',
        keywords: 'pedido',
        createdBy: 'ana',
      },
    },
    { workspaceId: options.ws ?? 'w1', actorId: 'ana', ...(options.at ? { at: options.at } : {}) },
  );
}

const update = (log: TestLog, id: string, text: string, ws = 'w1', at?: string) =>
  log.append(
    `cannedreply-${id}`,
    {
      type: 'CannedReplyUpdated',
      data: { cannedReplyId: id, text, category: 'product', keywords: 'prazo entrega' },
    },
    { workspaceId: ws, ...(at ? { at } : {}) },
  );
const remove = (log: TestLog, id: string, ws = 'w1') =>
  log.append(
    `cannedreply-${id}`,
    { type: 'CannedReplyDeleted', data: { cannedReplyId: id } },
    { workspaceId: ws },
  );

const viewOf = async (log: TestLog) =>
  (await project(cannedRepliesProjection, log.events)).view('canned-replies');

describe('canned-replies projection', () => {
  it('stores a created reply in its workspace, with the revision at its position', async () => {
    const log = new TestLog();
    const event = create(log, 'c1', { at: T0 });
    const view = await viewOf(log);
    expect(await getCannedReply(view, 'w1', 'c1')).toEqual({
      id: 'c1',
      workspaceId: 'w1',
      text: 'Resposta c1',
      category: 'support',
      keywords: 'pedido',
      createdBy: 'ana',
      createdAt: T0,
      updatedAt: T0,
    });
    expect(await getCannedReply(view, 'w2', 'c1')).toBeUndefined();
    expect(await cannedRepliesRevision(view, 'w1')).toBe(event.globalPosition);
    expect(await cannedRepliesRevision(view, 'w2')).toBe(0);
    expect((await view.dump()).indexes).toEqual({ 'ws:w1': [{ id: 'c1', score: event.globalPosition }] });
  });

  it('lists in creation order; edits keep the place and move updatedAt and the revision', async () => {
    const log = new TestLog();
    // Created within the same millisecond: the log's order decides, not the clock or the id.
    create(log, 'zz', { at: T0 });
    create(log, 'aa', { at: T0 });
    create(log, 'mm', { at: T0 });
    create(log, 'x', { ws: 'w2' });
    const edit = update(log, 'zz', 'Prazo de 2 dias', 'w1', '2026-11-02T11:00:00.000Z');
    const view = await viewOf(log);
    expect((await listCannedReplies(view, 'w1')).map((r) => r.id)).toEqual(['zz', 'aa', 'mm']);
    expect(await listCannedReplies(view, 'w2')).toMatchObject([{ id: 'x', workspaceId: 'w2' }]);
    expect(await listCannedReplies(view, 'w3')).toEqual([]);
    expect(await countCannedReplies(view, 'w1')).toBe(3);
    expect(await getCannedReply(view, 'w1', 'zz')).toMatchObject({
      text: 'Prazo de 2 dias',
      category: 'product',
      keywords: 'prazo entrega',
      createdAt: T0,
      updatedAt: '2026-11-02T11:00:00.000Z',
    });
    expect(await cannedRepliesRevision(view, 'w1')).toBe(edit.globalPosition);
  });

  it('deletes a reply with its index entry', async () => {
    const log = new TestLog();
    create(log, 'c1');
    create(log, 'c2');
    const deletion = remove(log, 'c1');
    const view = await viewOf(log);
    expect(await getCannedReply(view, 'w1', 'c1')).toBeUndefined();
    expect((await listCannedReplies(view, 'w1')).map((r) => r.id)).toEqual(['c2']);
    expect(Object.keys((await view.dump()).docs['canned-reply'] ?? {})).toEqual(['w1:c2']);
    expect(await cannedRepliesRevision(view, 'w1')).toBe(deletion.globalPosition);
  });

  it('skips events about missing replies (or another workspace)', async () => {
    const log = new TestLog();
    create(log, 'c1', { ws: 'w1' });
    update(log, 'c1', 'Outro texto', 'w2');
    remove(log, 'c1', 'w2');
    update(log, 'nada', 'Texto');
    remove(log, 'nada');
    create(log, 'c1', { ws: 'w1', text: 'De novo' }); // a second creation changes nothing
    const onlyCreate = await (
      await project(cannedRepliesProjection, log.events.slice(0, 1))
    )
      .view('canned-replies')
      .dump();
    const all = await (await viewOf(log)).dump();
    expect({ ...all, checkpoint: 1 }).toEqual(onlyCreate);
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    for (let i = 0; i < 12; i++) create(log, `c${i}`, { ws: i % 3 === 0 ? 'w2' : 'w1' });
    update(log, 'c1', 'Editada uma vez');
    update(log, 'c1', 'Editada duas vezes');
    remove(log, 'c2');
    update(log, 'c3', 'Na w2', 'w2');
    remove(log, 'c0', 'w2');
    create(log, 'c99');
    await expectReplayStable(cannedRepliesProjection, log.events, { overlap: 2 });
  });
});
