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
