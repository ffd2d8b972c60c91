import { pino } from 'pino';
import {
  WORKSPACE_ERASURE_KEPT_TYPES,
  atendeRegistry,
  streams,
  type AtendeEvent,
  type ProjectionDump,
} from '@atende/events';
import { createSqliteEventStore, type SqliteEventStore } from '@atende/event-store';
import { allProjections, projectionsWithoutWorkspaceData, workspaceErasers } from '../projections/index.js';
import { Projector } from '../runner/projector.js';
import { rebuild } from '../runner/rebuild.js';
import { generateWorkload } from '../testing/generate-workload.js';
import { forEachReadModels, type ReadModelsHarness } from '../testing/read-model-kinds.js';
import { dumpAllProjections, withoutCheckpoints, workspaceLeftovers } from '../testing/read-model-dumps.js';
import { CLOSED_WORKSPACE_COLLECTION } from './workspace-erasure.js';

const logger = pino({ level: 'silent' });
// Each case projects, erases and rebuilds every projection (4–6 s alone); beside the heavier suites
// of a full run on a slow machine it took up to 30 s, the default limit.
jest.setTimeout(90_000);
const ERASED = 'loja-a';
const KEPT = 'loja-b';
const AGENTS = Array.from({ length: 20 }, (_, i) => `agent-${i}`);

async function append(store: SqliteEventStore, workspaceId: string, streamId: string, event: AtendeEvent) {
  await store.appendToStream(streamId, [atendeRegistry.prepare(event, { workspaceId, actorId: 'agent-0' })]);
}

const ownerOf = (workspaceId: string) => `owner-${workspaceId}`;

/**
 * The workload names its WhatsApp session and canned replies the same in every workspace; in the
 * product those ids are unique (a session belongs to one workspace), so each shop gets its own.
 */
function ownIds<T>(generated: T, workspaceId: string): T {
  const text = JSON.stringify(generated)
    .replaceAll('bench-session', `${workspaceId}-session`)
    .replaceAll('canned-default-', `${workspaceId}-canned-`);
  return JSON.parse(text) as T;
}

/** Two shops sharing the same agents (memberships in both), each with a busy log and its owner's account. */
async function appendTwoWorkspaces(store: SqliteEventStore): Promise<void> {
  for (const workspaceId of [ERASED, KEPT]) {
    await append(store, workspaceId, streams.user(ownerOf(workspaceId)), {
      type: 'UserRegistered',
      data: {
        userId: ownerOf(workspaceId),
        email: `dono@${workspaceId}.com.br`,
        name: 'Dono',
        authProvider: 'local',
        passwordHash: 'scrypt$hash',
        firebaseUid: null,
      },
    });
    for (const generated of generateWorkload(2500, { workspaceId, conversations: 60 })) {
      const g = ownIds(generated, workspaceId);
      await store.appendToStream(g.streamId, [
        atendeRegistry.prepare(g.event, {
          workspaceId,
          occurredAt: g.occurredAt,
          ...(g.actorId ? { actorId: g.actorId } : {}),
        }),
      ]);
    }
  }
}

async function appendDeletion(store: SqliteEventStore): Promise<void> {
  await append(store, ERASED, streams.workspace(ERASED), {
    type: 'WorkspaceDataDeleted',
    data: {
      workspaceId: ERASED,
      deletedBy: 'agent-0',
      memberIds: [...AGENTS, ownerOf(ERASED)],
      channelSessionIds: [`${ERASED}-session`],
    },
  });
}

/** What a closed workspace's phone may still send, and whatever else its streams get afterwards. */
async function appendLateEvents(store: SqliteEventStore): Promise<void> {
  const chatId = '5511900000000@c.us';
  await append(store, ERASED, streams.conversation(ERASED, chatId), {
    type: 'InboundMessageReceived',
    data: {
      messageId: 'late-1',
      chatId,
      sessionId: `${ERASED}-session`,
      providerMessageId: 'wamid-late-1',
      content: 'Ainda tem alguém aí?',
      type: 'text',
      mediaUrl: null,
      mediaStatus: 'none',
      senderName: 'Cliente',
      senderPhone: '5511900000000',
      timestamp: new Date().toISOString(),
      receivedAt: new Date().toISOString(),
    },
  } as AtendeEvent);
  const newChat = '5511988887777@c.us';
  await append(store, ERASED, streams.conversation(ERASED, newChat), {
    type: 'ConversationStarted',
    data: {
      chatId: newChat,
      sessionId: `${ERASED}-session`,
      channel: 'whatsapp',
      customerId: '5511988887777',
      customerName: 'Maria',
      type: 'private',
    },
  });
  await append(store, ERASED, streams.note('late-note'), {
    type: 'NoteCreated',
    data: {
      noteId: 'late-note',
      authorId: 'agent-0',
      title: 'Depois',
      content: 'Depois da exclusão',
      reminder: null,
      tags: [],
      isPinned: false,
    },
  });
}

function erasureSuite(name: string, makeReadModels: () => Promise<ReadModelsHarness>) {
  describe(`'Excluir todos os dados da conta' in the read models (${name})`, () => {
    let store: SqliteEventStore;
    let harness: ReadModelsHarness;
    beforeEach(async () => {
      store = createSqliteEventStore({ filename: ':memory:', synchronous: 'normal' });
      harness = await makeReadModels();
    });
    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('drops everything of the workspace live, keeps the other, ignores later events; a rebuild agrees', async () => {
      const { readModels } = harness;
      const projector = new Projector({
        store,
        readModels,
        projections: allProjections,
        logger,
        batchSize: 97,
      });
      projector.start();
      await appendTwoWorkspaces(store);
      expect(await projector.caughtUp()).toBe(true);
      const before = await dumpAllProjections(readModels);
      expect(workspaceLeftovers(before, ERASED).length).toBeGreaterThan(1000);
      const kept = (dump: ProjectionDump, collection: string) =>
        Object.keys(dump.docs[collection] ?? {}).filter((id) => id.startsWith(`${KEPT}:`)).length;
      const keptConversations = kept(before.conversations!, 'conversation');
      const keptMessages = kept(before.messages!, 'message');
      expect(keptConversations).toBeGreaterThan(20);
      expect(keptMessages).toBeGreaterThan(500);

      await appendDeletion(store);
      await appendLateEvents(store);
      expect(await projector.caughtUp()).toBe(true);
      await projector.stop();
      const live = await dumpAllProjections(readModels);

      expect(workspaceLeftovers(live, ERASED)).toEqual([]);
      for (const p of allProjections) {
        if (projectionsWithoutWorkspaceData.has(p.name)) continue;
        expect(live[p.name]!.docs[CLOSED_WORKSPACE_COLLECTION]).toEqual({
          [ERASED]: { closedAt: expect.any(String), position: expect.any(Number) },
        });
      }
      // The other shop is untouched, and its members keep their membership there.
      expect(kept(live.conversations!, 'conversation')).toBe(keptConversations);
      expect(kept(live.messages!, 'message')).toBe(keptMessages);
      expect(live.conversations!.docs['workspace-stats']).toEqual({
        [KEPT]: before.conversations!.docs['workspace-stats']![KEPT],
      });
      expect(live.members!.docs.membership!['agent-3']).toEqual({ workspaceIds: [KEPT] });
      expect(Object.keys(live.members!.docs.member!).sort()).toEqual(
        AGENTS.map((a) => `${KEPT}:${a}`).sort(),
      );

      // The erased shop's owner account is gone (e-mail free again); the other owner's stays.
      expect(Object.keys(live.users!.docs.user!)).not.toContain(ownerOf(ERASED));
      expect(Object.keys(live.users!.docs.user!)).toContain(ownerOf(KEPT));
      expect(Object.keys(live.users!.docs['user-by-email']!)).not.toContain(`dono@${ERASED}.com.br`);

      const report = await rebuild({ store, readModels, projections: allProjections, batchSize: 333 });
      expect(report.switched).toBe(true);
      await new Promise((r) => setTimeout(r, 300)); // a cached serving version expires
      expect(withoutCheckpoints(await dumpAllProjections(readModels))).toEqual(withoutCheckpoints(live));
    });

    it('after the log itself is erased, a rebuild still gives the same read models', async () => {
      const { readModels } = harness;
      const projector = new Projector({ store, readModels, projections: allProjections, logger });
      projector.start();
      await appendTwoWorkspaces(store);
      await appendDeletion(store);
      await appendLateEvents(store);
      expect(await projector.caughtUp()).toBe(true);
      await projector.stop();
      const live = await dumpAllProjections(readModels);

      const { erased } = await store.eraseWorkspace(ERASED, { keepTypes: WORKSPACE_ERASURE_KEPT_TYPES });
      expect(erased).toBeGreaterThan(2500);
      const left: string[] = [];
      for await (const event of store.readAll()) {
        if (event.metadata.workspaceId === ERASED) left.push(event.type);
      }
      expect(left).toEqual(['WorkspaceDataDeleted']);

      const report = await rebuild({ store, readModels, projections: allProjections, batchSize: 333 });
      expect(report.switched).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(withoutCheckpoints(await dumpAllProjections(readModels))).toEqual(withoutCheckpoints(live));
    });
  });
}

describe('workspace erasure plans', () => {
  it('cover every projection that keeps data per workspace', () => {
    for (const p of allProjections) {
      expect([p.name, projectionsWithoutWorkspaceData.has(p.name) || p.name in workspaceErasers]).toEqual([
        p.name,
        true,
      ]);
      expect(p.eventTypes.has('WorkspaceDataDeleted')).toBe(!projectionsWithoutWorkspaceData.has(p.name));
    }
  });
});

forEachReadModels(erasureSuite);
