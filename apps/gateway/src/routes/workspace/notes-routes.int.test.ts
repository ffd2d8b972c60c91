import { GatewayHarness } from '../../testing/harness.js';
import type { NoteView } from './notes-routes.js';
import { signInEveryone, type Cookies } from './testing.js';

type NoteAnswer = { success: boolean; note: NoteView; message?: string };
type ListAnswer = { success: boolean; notes: NoteView[] };

describe('notes API', () => {
  let gw: GatewayHarness;
  let c: Cookies;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'notas');
  });
  afterAll(async () => gw.stop());

  async function create(cookie: string, body: Record<string, unknown>) {
    const res = await gw.request<NoteAnswer>('POST', '/api/notes', { cookie, body });
    expect(res.status).toBe(201);
    return res.body.note;
  }

  it('creates a note with a server id, trimmed fields and tags split on commas', async () => {
    const before = await gw.lastPosition();
    const res = await gw.request<NoteAnswer>('POST', '/api/notes', {
      cookie: c.agent,
      body: {
        title: '  Ligar para cliente ',
        content: 'Confirmar pedido',
        tags: ' vendas, urgente ,, vendas',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Anotação salva com sucesso!',
      note: {
        title: 'Ligar para cliente',
        content: 'Confirmar pedido',
        tags: ['vendas', 'urgente'],
        isPinned: false,
        reminder: null,
      },
    });
    const { id } = res.body.note;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await gw.lastPosition()).toBeGreaterThan(before);
    expect(await gw.streamTypes(`note-${id}`)).toEqual(['NoteCreated']);
    const event = (await gw.atende.store.readStream(`note-${id}`))[0]!;
    expect(event.metadata.workspaceId).toBe('minha-empresa');

    const read = await gw.request<NoteAnswer>('GET', `/api/notes/${id}`, { cookie: c.owner });
    expect(read.status).toBe(200);
    expect(read.body.note).toEqual(res.body.note);
  });

  it('lists pinned notes first, and pin/unpin move them', async () => {
    const a = await create(c.owner, { title: 'A', content: 'a' });
    const b = await create(c.owner, { title: 'B', content: 'b', isPinned: true });
    const d = await create(c.owner, { title: 'D', content: 'd' });
    let list = await gw.request<ListAnswer>('GET', '/api/notes', { cookie: c.owner });
    expect(list.status).toBe(200);
    const ids = list.body.notes.map((n) => n.id);
    expect(ids[0]).toBe(b.id);
    expect(ids.indexOf(d.id)).toBeLessThan(ids.indexOf(a.id));

    const pin = await gw.request<NoteAnswer>('POST', `/api/notes/${a.id}/pin`, { cookie: c.owner });
    expect(pin.status).toBe(200);
    expect(pin.body.note.isPinned).toBe(true);
    list = await gw.request<ListAnswer>('GET', '/api/notes', { cookie: c.owner });
    expect(list.body.notes.slice(0, 2).map((n) => n.id)).toEqual([a.id, b.id]);

    const unpin = await gw.request<NoteAnswer>('POST', `/api/notes/${a.id}/unpin`, { cookie: c.owner });
    expect(unpin.body.note.isPinned).toBe(false);
    list = await gw.request<ListAnswer>('GET', '/api/notes?limit=1', { cookie: c.owner });
    expect(list.body.notes.map((n) => n.id)).toEqual([b.id]);
  });

  it('edits a note, keeping reminder, tags and pin when left out', async () => {
    const note = await create(c.owner, {
      title: 'T',
      content: 'C',
      tags: ['x'],
      isPinned: true,
      reminder: '2030-01-02T10:00:00Z',
    });
    const res = await gw.request<NoteAnswer>('PUT', `/api/notes/${note.id}`, {
      cookie: c.agent,
      body: { title: 'Novo título', content: 'Novo conteúdo' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Anotação atualizada com sucesso!',
      note: {
        id: note.id,
        title: 'Novo título',
        content: 'Novo conteúdo',
        tags: ['x'],
        isPinned: true,
        reminder: '2030-01-02T10:00:00.000Z',
        createdAt: note.createdAt,
      },
    });
    const read = await gw.request<NoteAnswer>('GET', `/api/notes/${note.id}`, { cookie: c.owner });
    expect(read.body.note.title).toBe('Novo título');
  });

  it("sets a reminder typed as 'YYYY-MM-DD HH:MM' in the workspace timezone, and clears it", async () => {
    const note = await create(c.owner, { title: 'Lembrar', content: 'x' });
    const res = await gw.request<NoteAnswer>('POST', `/api/notes/${note.id}/reminder`, {
      cookie: c.owner,
      body: { reminder: '2026-12-01 09:30' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Lembrete definido com sucesso!');
    expect(res.body.note.reminder).toBe('2026-12-01T12:30:00.000Z');

    // The workspace moves to London: the same wall-clock text is another instant.
    expect(
      (
        await gw.request('PUT', '/api/settings', {
          cookie: c.owner,
          body: { appearance: { timezone: 'Europe/London' } },
        })
      ).status,
    ).toBe(200);
    const london = await gw.request<NoteAnswer>('POST', `/api/notes/${note.id}/reminder`, {
      cookie: c.owner,
      body: { reminder: '2026-07-01 09:30' },
    });
    expect(london.body.note.reminder).toBe('2026-07-01T08:30:00.000Z');
    await gw.request('PUT', '/api/settings', {
      cookie: c.owner,
      body: { appearance: { timezone: 'America/Sao_Paulo' } },
    });

    const iso = await gw.request<NoteAnswer>('POST', `/api/notes/${note.id}/reminder`, {
      cookie: c.owner,
      body: { reminder: '2026-12-24T20:00:00-03:00' },
    });
    expect(iso.body.note.reminder).toBe('2026-12-24T23:00:00.000Z');

    const cleared = await gw.request<NoteAnswer>('POST', `/api/notes/${note.id}/reminder`, {
      cookie: c.owner,
      body: { reminder: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.note.reminder).toBeNull();
    const read = await gw.request<NoteAnswer>('GET', `/api/notes/${note.id}`, { cookie: c.owner });
    expect(read.body.note.reminder).toBeNull();
  });

  it('refuses a bad reminder with the spec text, writing nothing', async () => {
    const note = await create(c.owner, { title: 'R', content: 'r' });
    for (const reminder of ['2026-02-30 10:00', 'amanhã', '01/12/2026 10:00', '2026-12-01T10:00:00']) {
      const before = await gw.lastPosition();
      const res = await gw.request('POST', `/api/notes/${note.id}/reminder`, {
        cookie: c.owner,
        body: { reminder },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Data inválida. Use o formato YYYY-MM-DD HH:MM',
        code: 'NOTE_REMINDER_INVALID',
      });
      expect(await gw.lastPosition()).toBe(before);
    }
  });

  it('replaces tags from a list or a comma-separated text', async () => {
    const note = await create(c.owner, { title: 'Tags', content: 't' });
    const res = await gw.request<NoteAnswer>('PUT', `/api/notes/${note.id}/tags`, {
      cookie: c.owner,
      body: { tags: 'a, b , a' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Tags atualizadas com sucesso!', note: { tags: ['a', 'b'] } });
    const list = await gw.request<NoteAnswer>('PUT', `/api/notes/${note.id}/tags`, {
      cookie: c.owner,
      body: { tags: ['x', ' y '] },
    });
    expect(list.body.note.tags).toEqual(['x', 'y']);
    const read = await gw.request<NoteAnswer>('GET', `/api/notes/${note.id}`, { cookie: c.owner });
    expect(read.body.note.tags).toEqual(['x', 'y']);
  });

  it('deletes a note: it is gone from the list and reads answer 404', async () => {
    const note = await create(c.owner, { title: 'Apagar', content: 'x' });
    const res = await gw.request('DELETE', `/api/notes/${note.id}`, { cookie: c.owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    const read = await gw.request('GET', `/api/notes/${note.id}`, { cookie: c.owner });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ success: false, error: 'Anotação não encontrada', code: 'NOT_FOUND' });
    const list = await gw.request<ListAnswer>('GET', '/api/notes', { cookie: c.owner });
    expect(list.body.notes.some((n) => n.id === note.id)).toBe(false);
    expect((await gw.request('DELETE', `/api/notes/${note.id}`, { cookie: c.owner })).status).toBe(404);
  });

  it("keeps another workspace's notes invisible and untouchable (404, nothing written)", async () => {
    const mine = await create(c.owner, { title: 'Privada', content: 'só minha' });
    const theirs = await create(c.foreign, { title: 'Deles', content: 'outra empresa' });
    const foreignList = await gw.request<ListAnswer>('GET', '/api/notes', { cookie: c.foreign });
    expect(foreignList.body.notes.map((n) => n.id)).toEqual([theirs.id]);
    const myList = await gw.request<ListAnswer>('GET', '/api/notes', { cookie: c.owner });
    expect(myList.body.notes.some((n) => n.id === theirs.id)).toBe(false);

    const before = await gw.lastPosition();
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/notes/${mine.id}`, undefined],
      ['PUT', `/api/notes/${mine.id}`, { title: 'x', content: 'y' }],
      ['POST', `/api/notes/${mine.id}/reminder`, { reminder: null }],
      ['PUT', `/api/notes/${mine.id}/tags`, { tags: 'x' }],
      ['POST', `/api/notes/${mine.id}/pin`, undefined],
      ['POST', `/api/notes/${mine.id}/unpin`, undefined],
      ['DELETE', `/api/notes/${mine.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await gw.request(method, path, { cookie: c.foreign, ...(body ? { body } : {}) });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    expect(await gw.lastPosition()).toBe(before);
    const still = await gw.request<NoteAnswer>('GET', `/api/notes/${mine.id}`, { cookie: c.owner });
    expect(still.body.note.title).toBe('Privada');
  });

  it('answers 401 without a session', async () => {
    const before = await gw.lastPosition();
    expect((await gw.request('GET', '/api/notes')).status).toBe(401);
    expect((await gw.request('POST', '/api/notes', { body: { title: 'a', content: 'b' } })).status).toBe(401);
    expect((await gw.request('DELETE', '/api/notes/abc')).status).toBe(401);
    expect(await gw.lastPosition()).toBe(before);
  });

  it.each([
    ['a blank title', { title: '  ', content: 'x' }, 'NOTE_REQUIRED_FIELDS'],
    ['a missing content', { title: 'x' }, 'VALIDATION_ERROR'],
    ['an unknown field', { title: 'x', content: 'y', id: 'meu-id' }, 'VALIDATION_ERROR'],
    ['a number title', { title: 1, content: 'y' }, 'VALIDATION_ERROR'],
    ['a too long title', { title: 'x'.repeat(201), content: 'y' }, 'VALIDATION_ERROR'],
    [
      'too many tags',
      { title: 'x', content: 'y', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      'NOTE_TAGS_TOO_MANY',
    ],
    ['a non-boolean pin', { title: 'x', content: 'y', isPinned: 'sim' }, 'VALIDATION_ERROR'],
  ])('refuses %s with 400, writing nothing', async (_label, body, code) => {
    const before = await gw.lastPosition();
    const res = await gw.request('POST', '/api/notes', { cookie: c.owner, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code });
    expect(typeof (res.body as { error: unknown }).error).toBe('string');
    expect(await gw.lastPosition()).toBe(before);
  });

  it('refuses malformed ids, queries and action bodies with 400', async () => {
    const note = await create(c.owner, { title: 'Q', content: 'q' });
    const before = await gw.lastPosition();
    expect((await gw.request('GET', '/api/notes?limit=abc', { cookie: c.owner })).status).toBe(400);
    expect((await gw.request('GET', '/api/notes?foo=1', { cookie: c.owner })).status).toBe(400);
    expect((await gw.request('GET', `/api/notes/${'x'.repeat(300)}`, { cookie: c.owner })).status).toBe(400);
    expect(
      (await gw.request('POST', `/api/notes/${note.id}/pin`, { cookie: c.owner, body: { isPinned: true } }))
        .status,
    ).toBe(400);
    expect(
      (await gw.request('PUT', `/api/notes/${note.id}/tags`, { cookie: c.owner, body: { tags: 3 } })).status,
    ).toBe(400);
    expect(
      (await gw.request('POST', `/api/notes/${note.id}/reminder`, { cookie: c.owner, body: {} })).status,
    ).toBe(400);
    expect((await gw.request('POST', '/api/notes', { cookie: c.owner, body: '{"title": ' })).status).toBe(
      400,
    );
    expect(await gw.lastPosition()).toBe(before);
  });
});
