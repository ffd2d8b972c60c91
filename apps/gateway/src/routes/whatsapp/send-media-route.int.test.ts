import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { GatewayHarness } from '../../testing/harness.js';
import { eventually } from '../../testing/eventually.js';
import { TINY_PNG, sha256Hex, type SandboxOutboxEntry } from '../../testing/media-fixtures.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

interface MessageBody {
  id: string;
  type: string;
  content: string;
  status: string;
  mediaUrl: string | null;
  mediaStatus: string;
  fileName: string | null;
}
interface SendMediaBody {
  success: boolean;
  messageId: string;
  message: MessageBody | null;
  error?: string;
  code?: string;
}

describe('POST /api/whatsapp/send-media: an agent sends a file through the sandbox phone', () => {
  let gw: GatewayHarness;
  let cookie: string;
  let sessionId: string;
  let chatId: string;
  let userId: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    cookie = await gw.loginDemo();
    userId = (await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie })).body.user.id;
    sessionId = await gw.connectSandboxSession(cookie, '5511977776666');
    const inbound = await eventually(async () => {
      const res = await gw.request<{ conversationId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
        body: { sessionId, from: '5511988887777', name: 'Maria', text: 'Pode mandar o boleto?' },
      });
      return res.status === 200 ? res.body : undefined;
    });
    chatId = inbound.conversationId;
  });
  afterAll(async () => gw.stop());

  /** Posts the form as a browser does (multipart, X-Requested-With, the session cookie). */
  async function sendMedia(
    fields: Record<string, string>,
    file?: { bytes: Buffer; name: string; type?: string },
    options: { cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: SendMediaBody }> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
    const res = await fetch(`${gw.url}/api/whatsapp/send-media`, {
      method: 'POST',
      headers: { cookie: options.cookie ?? cookie, 'x-requested-with': 'XMLHttpRequest', ...options.headers },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as SendMediaBody };
  }

  const outbox = async () =>
    (
      await gw.request<{ messages: SandboxOutboxEntry[] }>(
        'GET',
        `/api/sandbox/whatsapp/outbox?sessionId=${sessionId}`,
      )
    ).body.messages;

  /** The first conversation's messages, as the agent's window lists them. */
  const listMessages = async () =>
    (
      await gw.request<{ messages: MessageBody[] }>(
        'GET',
        `/api/whatsapp/messages/${encodeURIComponent(chatId)}?userId=${encodeURIComponent(userId)}`,
        { cookie },
      )
    ).body.messages;

  /** The files kept in the media store's folder of the session (DATA_DIR/media/<session>). */
  const storedFiles = async () =>
    (await readdir(path.join(gw.dataDir, 'media', sessionId)).catch(() => [] as string[])).filter((f) =>
      f.startsWith('out-'),
    );

  it('stores the image, sends it once (a retry with the same id changes nothing), and serves it to the workspace', async () => {
    const clientMessageId = randomUUID();
    const fields = { conversationId: chatId, caption: ' Segue o comprovante ', clientMessageId };
    const first = await sendMedia(fields, { bytes: TINY_PNG, name: 'comprovante.png' });
    expect(first.status).toBe(200);
    expect(first.body.messageId).toBe(clientMessageId);
    expect(first.body.message).toMatchObject({
      id: clientMessageId,
      type: 'image',
      content: 'Segue o comprovante',
      mediaStatus: 'stored',
      fileName: 'comprovante.png',
      mediaUrl: expect.stringMatching(/^\/api\/media\//),
    });
    const again = await sendMedia(fields, { bytes: TINY_PNG, name: 'comprovante.png' });
    expect(again.status).toBe(200);
    expect(again.body.message?.mediaUrl).toBe(first.body.message?.mediaUrl);

    const received = await eventually(async () => {
      const messages = await outbox();
      return messages.some((m) => m.messageId === clientMessageId) ? messages : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await outbox()).filter((m) => m.messageId === clientMessageId)).toHaveLength(1);
    expect(received.find((m) => m.messageId === clientMessageId)).toMatchObject({
      type: 'image',
      content: 'Segue o comprovante',
      media: {
        sha256: sha256Hex(TINY_PNG),
        mimeType: 'image/png',
        fileName: 'comprovante.png',
        size: TINY_PNG.length,
      },
    });

    // Served from the media store to members of the workspace, byte for byte.
    const served = await fetch(`${gw.url}${first.body.message!.mediaUrl}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const other = await gw.signInAsNewMember('fora-media', 'Owner', { workspaceId: 'outra-media' });
    expect(
      (await fetch(`${gw.url}${first.body.message!.mediaUrl}`, { headers: { cookie: other } })).status,
    ).toBe(404);

    // The message moves to sent like a text, and lists with its kind.
    const messages = await eventually(async () => {
      const listed = await listMessages();
      return listed.find((m) => m.id === clientMessageId)?.status === 'sent' ? listed : undefined;
    });
    expect(messages.filter((m) => m.id === clientMessageId)).toHaveLength(1);
  });

  it('the same id sent to another conversation is a 409 that leaves the first message and its file alone', async () => {
    const clientMessageId = randomUUID();
    const first = await sendMedia(
      { conversationId: chatId, clientMessageId },
      { bytes: TINY_PNG, name: 'a.png' },
    );
    expect(first.status).toBe(200);
    const other = await gw.request<{ conversationId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId, from: '5511955554444', name: 'Rui', text: 'Oi' },
    });
    // The first send finishes on its own (the worker records it as sent): wait for that, so the log
    // position read below moves only if the conflicting request writes.
    await eventually(async () =>
      (await listMessages()).find((m) => m.id === clientMessageId)?.status === 'sent' ? true : undefined,
    );
    const filesBefore = await storedFiles();
    const before = await gw.lastPosition();
    const again = await sendMedia(
      { conversationId: other.body.conversationId, clientMessageId },
      { bytes: PDF, name: 'b.pdf' },
    );
    expect(again).toMatchObject({ status: 409, body: { success: false, code: 'MESSAGE_ID_CONFLICT' } });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await gw.lastPosition()).toBe(before);
    const served = await fetch(`${gw.url}${first.body.message!.mediaUrl}`, { headers: { cookie } });
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('a PDF goes as a document without a caption, named as uploaded', async () => {
    const res = await sendMedia(
      { conversationId: chatId },
      { bytes: PDF, name: 'boleto março.pdf', type: '' },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ type: 'document', content: '', fileName: 'boleto março.pdf' });
    const sent = await eventually(async () =>
      (await outbox()).find((m) => m.messageId === res.body.messageId),
    );
    expect(sent.media).toMatchObject({ sha256: sha256Hex(PDF), mimeType: 'application/pdf' });
  });

  it('refuses by content, not by name: HTML named .png is 415, and nothing is stored or recorded', async () => {
    const filesBefore = await storedFiles();
    const before = await gw.lastPosition();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await sendMedia(
      { conversationId: chatId },
      { bytes: html, name: 'foto.png', type: 'image/png' },
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      code: 'MEDIA_TYPE_NOT_ALLOWED',
      error: 'Tipo de arquivo não permitido. Envie imagem, PDF, documento ou áudio.',
    });
    expect(await gw.lastPosition()).toBe(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a file over 16 MB with 413, storing nothing', async () => {
    const filesBefore = await storedFiles();
    const before = await gw.lastPosition();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(16 * 1024 * 1024)]);
    const res = await sendMedia({ conversationId: chatId }, { bytes: big, name: 'grande.png' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      success: false,
      code: 'MEDIA_TOO_LARGE',
      error: 'Arquivo maior que 16 MB',
    });
    expect(await gw.lastPosition()).toBe(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('answers clear 4xx for a missing file, a bad field, a foreign conversation and a cross-site form', async () => {
    const before = await gw.lastPosition();
    const missing = await sendMedia({ conversationId: chatId });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'MEDIA_MISSING', error: 'Selecione um arquivo' },
    });
    const badId = await sendMedia(
      { conversationId: chatId, clientMessageId: 'x' },
      { bytes: TINY_PNG, name: 'a.png' },
    );
    expect(badId).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_ERROR' } });
    const unknown = await sendMedia(
      { conversationId: chatId, extra: '1' },
      { bytes: TINY_PNG, name: 'a.png' },
    );
    expect(unknown.status).toBe(400);
    const nowhere = await sendMedia(
      { conversationId: '5511900000000@c.us' },
      { bytes: TINY_PNG, name: 'a.png' },
    );
    expect(nowhere).toMatchObject({ status: 404, body: { success: false } });
    const anonymous = await sendMedia(
      { conversationId: chatId },
      { bytes: TINY_PNG, name: 'a.png' },
      { cookie: '' },
    );
    expect(anonymous.status).toBe(401);
    // A form posted by another site carries no X-Requested-With: refused before anything is read.
    const form = new FormData();
    form.append('conversationId', chatId);
    form.append('file', new Blob([TINY_PNG]), 'a.png');
    const crossSite = await fetch(`${gw.url}/api/whatsapp/send-media`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(crossSite.status).toBe(415);
    // JSON is not a file upload.
    const json = await gw.request('POST', '/api/whatsapp/send-media', {
      cookie,
      body: { conversationId: chatId },
    });
    expect(json).toMatchObject({
      status: 415,
      body: {
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: 'Envie o arquivo como multipart/form-data',
      },
    });
    expect(await gw.lastPosition()).toBe(before);
    expect(await storedFiles()).toHaveLength(3);
  });
});
