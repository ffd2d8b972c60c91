import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { atendeRegistry } from '@atende/events';
import { allProjections, generateWorkload } from '@atende/projector';
import Database from 'better-sqlite3';
import { RedisReadModels, describeWithRedis, testRedisUrl, type SqliteReadModels } from '@atende/read-models';
import { startEmbedded, type EmbeddedAtende } from '@atende/gateway';
import { deploymentDocCodec } from '../distributed/process-harness.js';
import { runOpsScript, scripts, type Run } from './run-ops-script.js';

const run = runOpsScript;

/** An operator error: exit code 2 and one line, no stack trace. */
function expectOperatorError(result: Run, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('ops CLIs against an embedded Atende', () => {
  let dir: string;
  let atende: EmbeddedAtende;
  let env: Record<string, string>;
  const stream = 'conversation-bench-5511900000007@c.us';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-ops-'));
    env = { DATA_DIR: dir };
    atende = await startEmbedded(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir }),
      pino({ level: 'silent' }),
    );
    for (const g of generateWorkload(1500, { conversations: 40 })) {
      await atende.store.appendToStream(g.streamId, [
        atendeRegistry.prepare(g.event, {
          workspaceId: 'bench',
          occurredAt: g.occurredAt,
          ...(g.actorId ? { actorId: g.actorId } : {}),
        }),
      ]);
    }
    // Its channel worker tries the workload's sends (and records their failures, after retries): the
    // comparisons below need a log that no longer moves, so wait for 5 s without an append.
    let last = -1;
    for (const deadline = Date.now() + 150_000; Date.now() < deadline;) {
      const now = await atende.store.lastGlobalPosition();
      if (now === last) break;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    await atende.projector.caughtUp();
    await atende.backgroundProjector.caughtUp();
  }, 240_000); // 1,500 events and the sends they ask for, on a machine busy with the other suites
  afterAll(async () => {
    await atende?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('events stats counts events by type', async () => {
    // The embedded Atende may still be appending (its sandbox delivering the last sends): the count
    // is the log's size at some moment while the command ran.
    const before = await atende.store.lastGlobalPosition();
    const result = await run('events.ts', ['stats'], env);
    const after = await atende.store.lastGlobalPosition();
    expect(result.code).toBe(0);
    const counted = Number(/^([\d,]+) events/m.exec(result.stdout)?.[1]?.replace(/,/g, ''));
    expect(counted).toBeGreaterThanOrEqual(before);
    expect(counted).toBeLessThanOrEqual(after);
    expect(result.stdout).toMatch(/InboundMessageReceived\s+\d/);
  });

  it('events export writes a stream as NDJSON', async () => {
    const result = await run('events.ts', ['export', '--stream', stream], env);
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const stored = await atende.store.readStream(stream);
    expect(lines.map((e) => e.globalPosition)).toEqual(stored.map((e) => e.globalPosition));
    expect(lines[0].type).toBe('ConversationStarted');
  });

  it('events at shows a conversation as it was at a past position', async () => {
    const stored = await atende.store.readStream(stream);
    const inbound = stored.filter((e) => e.type === 'InboundMessageReceived');
    expect(inbound.length).toBeGreaterThan(2);
    const position = inbound[1]!.globalPosition;
    const result = await run('events.ts', ['at', '--stream', stream, '--position', String(position)], env);
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout);
    const row = shown.readModels.conversations.conversation[`bench:5511900000007@c.us`];
    const expectedCount = stored.filter(
      (e) =>
        e.globalPosition <= position &&
        (e.type === 'InboundMessageReceived' || e.type === 'OutboundMessageRequested'),
    ).length;
    expect(row.messageCount).toBe(expectedCount);
    expect(Object.keys(shown.readModels.messages.message)).toHaveLength(expectedCount);
  });

  it('events tail follows the log', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(scripts, 'events.ts'), 'tail', '--from', '1'],
      {
        env: { ...process.env, ...env },
      },
    );
    const firstLine = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
    });
    child.kill('SIGINT');
    expect(firstLine).toMatch(/^#1 .*WorkspaceCreated/);
  });

  it.each([
    [['at', '--stream', stream, '--position', 'abc'], /--position must be a positive integer/],
    [['at', '--stream', stream, '--position', '999999999'], /past the end of the log/],
    [['export', '--stream', 'note-nada'], /has no events/],
    [['frobnicate'], /usage: npm run events/],
    [['stats', '--bogus'], /Unknown option/],
  ])('events %j is an operator error', async (args, pattern) => {
    expectOperatorError(await run('events.ts', args, env), pattern);
  });

  it('replay refuses an unknown projection or no selection', async () => {
    expectOperatorError(await run('replay.ts', ['--projection', 'nada'], env), /unknown projection "nada"/);
    expectOperatorError(await run('replay.ts', [], env), /--projection NAME/);
  });

  it('replay --dry-run rebuilds in the running process and finds the serving data identical', async () => {
    const result = await run('replay.ts', ['--all', '--dry-run'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Dry run');
    for (const p of allProjections)
      expect(result.stdout).toMatch(new RegExp(`${p.name}\\s+\\d+\\s+\\d+\\s+\\d+\\s+yes`));
  });

  it('replay switches the running process to rebuilt read models that serve the same data', async () => {
    const before = await atende.readModels.view('conversations').dump();
    const result = await run('replay.ts', ['--projection', 'conversations', '--projection', 'messages'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Switched');
    const after = await atende.readModels.view('conversations').dump();
    expect(after.docs).toEqual(before.docs);
    expect(after.indexes).toEqual(before.indexes);
  });

  describeWithRedis('with Redis', () => {
    it('replay --target redis builds Redis read models equal to the in-process ones', async () => {
      const prefix = `atende-test:${randomUUID()}:`;
      const result = await run('replay.ts', ['--all', '--target', 'redis', '--prefix', prefix], {
        ...env,
        REDIS_URL: testRedisUrl(),
      });
      expect(result.code).toBe(0);
      const redis = new RedisReadModels({
        url: testRedisUrl(),
        prefix,
        codec: await deploymentDocCodec(dir),
      });
      try {
        for (const name of ['conversations', 'messages', 'analytics']) {
          const inRedis = await redis.view(name).dump();
          const inMemory = await atende.readModels.view(name).dump();
          expect(inRedis.docs).toEqual(inMemory.docs);
          expect(inRedis.indexes).toEqual(inMemory.indexes);
        }
      } finally {
        await redis.deleteAll();
        await redis.close();
      }
    });
  });
});

describe('ops CLIs without a running process', () => {
  it('replay rebuilds the read models of a stopped Atende in its read-models.db, which the next start serves', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-ops-off-'));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir });
    try {
      const first = await startEmbedded(config, pino({ level: 'silent' }), { channel: false });
      const before = await first.readModels.view('conversations').dump();
      await first.stop();
      const dry = await run('replay.ts', ['--all', '--dry-run'], { DATA_DIR: dir });
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('Dry run');
      expect(dry.stdout).toMatch(/conversations\s+\d+\s+\d+\s+\d+\s+yes/);
      const replayed = await run('replay.ts', ['--all'], { DATA_DIR: dir });
      expect(replayed.code).toBe(0);
      expect(replayed.stdout).toContain('Switched');
      const versions = new Database(path.join(dir, 'read-models.db'), { readonly: true });
      const serving = versions
        .prepare("SELECT serving FROM rm_projections WHERE projection = 'conversations'")
        .pluck()
        .get() as number;
      versions.close();
      expect(serving).toBeGreaterThan(1); // the start's version, then the replay's

      const next = await startEmbedded(config, pino({ level: 'silent' }), { channel: false });
      try {
        expect(next.restoredReadModels).toBe(true);
        expect((next.readModels as SqliteReadModels).outdated()).toEqual([]); // made by this code
        const after = await next.readModels.view('conversations').dump();
        expect(after.docs).toEqual(before.docs);
      } finally {
        await next.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('events refuses a data folder without an event store', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-ops-empty-'));
    try {
      expectOperatorError(await run('events.ts', ['stats'], { DATA_DIR: dir }), /nenhum registro de eventos/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
