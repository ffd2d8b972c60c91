import { loadConfig } from '@atende/config';
import { createSqliteEventStore, type SqliteEventStore } from '@atende/event-store';
import { WORKSPACE_ERASURE_KEPT_TYPES, atendeRegistry, streams } from '@atende/events';
import { DEFAULT_WORKSPACE_ID, DEMO_SANDBOX_SESSION, ensureDemoWorkspace } from './ensure-demo-workspace.js';

describe('ensureDemoWorkspace', () => {
  let store: SqliteEventStore;
  const config = loadConfig({}, '/tmp');

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:' });
  });
  afterEach(async () => store.close());

  it('creates the workspace, its owner and the paired sandbox phone once', async () => {
    const first = await ensureDemoWorkspace(store, config);
    expect(first).toMatchObject({ workspaceId: DEFAULT_WORKSPACE_ID, created: true });
    expect(first.sandboxSessionId).toBe(DEMO_SANDBOX_SESSION.sessionId);
    const written = await store.lastGlobalPosition();
    const second = await ensureDemoWorkspace(store, config);
    expect(second.created).toBe(false);
    expect(await store.lastGlobalPosition()).toBe(written);
  });

  it('makes the workspace once when several gateways start together (the losers find it made)', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureDemoWorkspace(store, config)));
    // Nobody fails; one owner; the company and its owner recorded once.
    expect(results.filter((r) => r.created).length).toBeLessThanOrEqual(1);
    expect(new Set(results.map((r) => r.ownerId)).size).toBe(1);
    const created = (await store.readStream(streams.workspace(DEFAULT_WORKSPACE_ID))).filter(
      (e) => e.type === 'WorkspaceCreated',
    );
    expect(created).toHaveLength(1);
    const registered = (await store.readStream(streams.user(results[0]!.ownerId))).filter(
      (e) => e.type === 'UserRegistered',
    );
    expect(registered).toHaveLength(1);
  });

  it('does not bring back a workspace whose data its Owner deleted, even once its events are erased', async () => {
    const demo = await ensureDemoWorkspace(store, config);
    await store.appendToStream(streams.workspace(DEFAULT_WORKSPACE_ID), [
      atendeRegistry.prepare(
        {
          type: 'WorkspaceDataDeleted',
          data: {
            workspaceId: DEFAULT_WORKSPACE_ID,
            deletedBy: demo.ownerId,
            memberIds: [demo.ownerId],
            channelSessionIds: [DEMO_SANDBOX_SESSION.sessionId],
          },
        },
        { workspaceId: DEFAULT_WORKSPACE_ID, actorId: demo.ownerId },
      ),
    ]);
    await store.eraseWorkspace(DEFAULT_WORKSPACE_ID, { keepTypes: WORKSPACE_ERASURE_KEPT_TYPES });
    const written = await store.lastGlobalPosition();

    const again = await ensureDemoWorkspace(store, config);
    expect(again.deletedAt).toEqual(expect.any(String));
    expect(again.created).toBe(false);
    expect(again.demoCredentials).toBeUndefined();
    expect(again.sandboxSessionId).toBeUndefined();
    expect(await store.lastGlobalPosition()).toBe(written);
    expect(await store.readStream(streams.user(demo.ownerId))).toEqual([]);
  });
});
