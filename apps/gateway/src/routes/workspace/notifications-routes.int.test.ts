import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { startEmbedded, type EmbeddedAtende } from '../../embedded/start-embedded.js';
import { GatewayHarness } from '../../testing/harness.js';
import type { NoteView } from './notes-routes.js';
import type { NotificationView } from './notifications-routes.js';
import { signInEveryone, type Cookies } from './testing.js';

type ListAnswer = { success: boolean; notifications: NotificationView[]; unreadCount: number };
type NoteAnswer = { success: boolean; note: NoteView };

const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('notifications API', () => {
  let gw: GatewayHarness;
  let c: Cookies;
  /** The demo owner's user id (their notifications stream is named after it). */
  let ownerId: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'avisos');
    const me = await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie: c.owner });
    ownerId = me.body.user.id;
  });
  afterAll(async () => gw.stop());

  const list = (cookie: string, query = '') =>
    gw.request<ListAnswer>('GET', `/api/notifications${query}`, { cookie });
  async function note(cookie: string, title: string, reminder: string | null) {
    const res = await gw.request<NoteAnswer>('POST', '/api/notes', {
      cookie,
      body: { title, content: 'Conteúdo', reminder },
    });
    expect(res.status).toBe(201);
    return res.body.note;
  }
  const ownStream = () => `notifications-minha-empresa-${ownerId}`;

  it("lists the author's due reminders newest first, with the unread count; future ones wait", async () => {
    const empty = await list(c.supervisor);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, notifications: [], unreadCount: 0 });

    const older = await note(c.supervisor, 'Ligar para a Ana', past(30));
    const newer = await note(c.supervisor, 'Enviar proposta', past(5));
    await note(c.supervisor, 'Reunião amanhã', future(60 * 24));
    const res = await list(c.supervisor);
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(2);
    // A reminder already past when set is due when it was set: the newer note first.
    expect(res.body.notifications.map((n) => n.message)).toEqual([
      'Lembrete: Enviar proposta',
      'Lembrete: Ligar para a Ana',
    ]);
    expect(res.body.notifications[0]).toEqual({
      id: `${newer.id}:1`,
      noteId: newer.id,
      title: 'Enviar proposta',
      message: 'Lembrete: Enviar proposta',
      reminder: newer.reminder,
      timestamp: expect.any(String),
      read: false,
    });
    expect(res.body.notifications[1]!.noteId).toBe(older.id);
    const limited = await list(c.supervisor, '?limit=1');
    expect(limited.body.notifications).toHaveLength(1);
    expect(limited.body.unreadCount).toBe(2);
  });

  it('another member, or another workspace, does not see or touch my notifications', async () => {
    const mine = await note(c.owner, 'Só minha', past(1));
    const id = `${mine.id}:1`;
    expect((await list(c.owner)).body.notifications.map((n) => n.id)).toContain(id);
    // Notes are the workspace's, reminders notify their author only.
    for (const other of [c.admin, c.agent, c.foreign]) {
      expect((await list(other)).body.notifications.some((n) => n.noteId === mine.id)).toBe(false);
    }
    const before = await gw.lastPosition();
    for (const other of [c.agent, c.foreign]) {
      const res = await gw.request('POST', `/api/notifications/${id}/read`, { cookie: other });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Notificação não encontrada', code: 'NOT_FOUND' });
    }
    expect(await gw.lastPosition()).toBe(before);
    expect((await list(c.owner)).body.notifications.find((n) => n.id === id)?.read).toBe(false);
  });

  it('marks read once (an event on my notifications stream), lowering the unread count', async () => {
    const n = await note(c.owner, 'Marcar lida', past(2));
    const id = `${n.id}:1`;
    const before = (await list(c.owner)).body.unreadCount;
    const res = await gw.request<{ success: boolean; notification: NotificationView }>(
      'POST',
      `/api/notifications/${id}/read`,
      { cookie: c.owner },
    );
    expect(res.status).toBe(200);
    expect(res.body.notification).toMatchObject({ id, read: true, message: 'Lembrete: Marcar lida' });
    const after = await list(c.owner);
    expect(after.body.unreadCount).toBe(before - 1);
    expect(after.body.notifications.find((x) => x.id === id)?.read).toBe(true);
    expect(await gw.streamTypes(ownStream())).toContain('NotificationRead');

    const position = await gw.lastPosition();
    expect((await gw.request('POST', `/api/notifications/${id}/read`, { cookie: c.owner })).status).toBe(200);
    expect(await gw.lastPosition()).toBe(position);
  });

  it('refuses bad ids, bodies and queries with 4xx, writing nothing', async () => {
    const n = await note(c.owner, 'Futura', future(60));
    const before = await gw.lastPosition();
    const attempts: [string, string, unknown, number][] = [
      ['POST', '/api/notifications/abc/read', undefined, 400],
      ['POST', `/api/notifications/${'x'.repeat(300)}:1/read`, undefined, 400],
      ['POST', '/api/notifications/a%2Fb:1/read', undefined, 400],
      ['POST', '/api/notifications/nada:1/read', undefined, 404],
      ['POST', `/api/notifications/${n.id}:0/read`, undefined, 404],
      // Not due yet: not listed, so it cannot be read.
      ['POST', `/api/notifications/${n.id}:1/read`, undefined, 404],
      ['POST', `/api/notifications/${n.id}:2/read`, undefined, 404],
      ['POST', `/api/notifications/${n.id}:1/read`, { read: true }, 400],
      ['POST', '/api/notifications/clear', { userId: 'outro' }, 400],
      ['GET', '/api/notifications?userId=outro', undefined, 400],
      ['GET', '/api/notifications?limit=0', undefined, 400],
      ['GET', '/api/notifications?limit=abc', undefined, 400],
    ];
    for (const [method, path, body, status] of attempts) {
      const res = await gw.request(method, path, { cookie: c.owner, ...(body ? { body } : {}) });
      expect({ method, path, status: res.status }).toEqual({ method, path, status });
      expect(res.body).toMatchObject({ success: false, code: expect.any(String), error: expect.any(String) });
    }
    expect(await gw.lastPosition()).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const before = await gw.lastPosition();
    expect((await gw.request('GET', '/api/notifications')).status).toBe(401);
    expect((await gw.request('POST', '/api/notifications/clear')).status).toBe(401);
    expect((await gw.request('POST', '/api/notifications/a:1/read')).status).toBe(401);
    expect(await gw.lastPosition()).toBe(before);
  });

  it('clears my list; a reminder set afterwards (or changed) notifies again', async () => {
    const n = await note(c.admin, 'Retornar ligação', past(10));
    expect((await list(c.admin)).body.notifications.map((x) => x.id)).toEqual([`${n.id}:1`]);
    const cleared = await gw.request<{ cleared: number }>('POST', '/api/notifications/clear', {
      cookie: c.admin,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ success: true, cleared: 1 });
    expect((await list(c.admin)).body).toEqual({ success: true, notifications: [], unreadCount: 0 });
    expect((await gw.request('POST', `/api/notifications/${n.id}:1/read`, { cookie: c.admin })).status).toBe(
      404,
    );

    // Nothing to clear: nothing written.
    const before = await gw.lastPosition();
    expect((await gw.request('POST', '/api/notifications/clear', { cookie: c.admin })).status).toBe(200);
    expect(await gw.lastPosition()).toBe(before);

    // A new reminder through the prompt's format (a past wall-clock time in São Paulo).
    const set = await gw.request<NoteAnswer>('POST', `/api/notes/${n.id}/reminder`, {
      cookie: c.admin,
      body: { reminder: '2020-01-02 09:30' },
    });
    expect(set.status).toBe(200);
    let res = await list(c.admin);
    expect(res.body.notifications.map((x) => [x.id, x.reminder, x.read])).toEqual([
      [`${n.id}:2`, '2020-01-02T12:30:00.000Z', false],
    ]);
    expect(res.body.unreadCount).toBe(1);

    // Edited to another past reminder: another notification; the first stays (it did notify).
    const edit = await gw.request('PUT', `/api/notes/${n.id}`, {
      cookie: c.admin,
      body: { title: 'Retornar ligação hoje', content: 'x', reminder: past(1) },
    });
    expect(edit.status).toBe(200);
    res = await list(c.admin);
    expect(res.body.notifications.map((x) => [x.id, x.message])).toEqual([
      [`${n.id}:3`, 'Lembrete: Retornar ligação hoje'],
      [`${n.id}:2`, 'Lembrete: Retornar ligação hoje'],
    ]);

    // Deleting the note removes its notifications.
    expect((await gw.request('DELETE', `/api/notes/${n.id}`, { cookie: c.admin })).status).toBe(200);
    expect((await list(c.admin)).body.notifications).toEqual([]);
  });
});

describe('notifications after a restart', () => {
  it('read marks and clears come back from the event log', async () => {
    const gw = await GatewayHarness.start({ channel: false });
    const dataDir = gw.dataDir;
    let restarted: EmbeddedAtende | undefined;
    try {
      const cookie = await gw.loginDemo();
      const create = (title: string) =>
        gw.request<NoteAnswer>('POST', '/api/notes', {
          cookie,
          body: { title, content: 'x', reminder: past(3) },
        });
      const first = (await create('Antes de limpar')).body.note;
      await gw.request('POST', '/api/notifications/clear', { cookie });
      const second = (await create('Lida')).body.note;
      const third = (await create('Não lida')).body.note;
      await gw.request('POST', `/api/notifications/${second.id}:1/read`, { cookie });
      const before = (await gw.request<ListAnswer>('GET', '/api/notifications', { cookie })).body;
      expect(before.notifications.map((n) => [n.noteId, n.read])).toEqual([
        [third.id, false],
        [second.id, true],
      ]);
      expect(before.notifications.some((n) => n.noteId === first.id)).toBe(false);
      await gw.atende.stop();

      restarted = await startEmbedded(
        loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
        pino({ level: 'silent' }),
        { channel: false },
      );
      const url = restarted.url;
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@atende.local', password: 'demo1234' }),
      });
      const again = login.headers.get('set-cookie')!.split(';')[0]!;
      const after = (await (
        await fetch(`${url}/api/notifications`, { headers: { cookie: again } })
      ).json()) as ListAnswer;
      expect(after).toEqual(before);
    } finally {
      await restarted?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
