import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WorkspaceMediaSink } from '@atende/channel-worker';
import { isSealedMedia } from '@atende/event-store';
import { atendeRegistry, conversationDecider, handleCommand, streams } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { eventually } from '../../testing/eventually.js';

const SESSION = 'demo-sandbox';

interface Message {
  id: string;
  mediaStatus: string;
  mediaUrl: string | null;
}

/** Every file under a folder, as bytes (what a backup of DATA_DIR/media holds). */
function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [readFileSync(file)];
  });
}

/** A small JPEG-looking file, as a customer's link serves it. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);

/** Where customers' media links point: a plain-HTTP site; `/depois.jpg` answers 404 until `later`. */
async function startCustomerSite() {
  const site = {
    url: '',
    later: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/fotos/a.jpg' || (req.url === '/depois.jpg' && site.later)) {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length });
      res.end(JPEG);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}

describe('message media over HTTP', () => {
  let gw: GatewayHarness;
  let cookie: string;
  let customerSite: Awaited<ReturnType<typeof startCustomerSite>>;
  beforeAll(async () => {
    customerSite = await startCustomerSite();
    gw = await GatewayHarness.start();
    cookie = await gw.loginDemo();
  });
  afterAll(async () => {
    await gw.stop();
    await customerSite.close();
  });

  async function messagesOf(chatId: string): Promise<Message[]> {
    const me = await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie });
    const res = await gw.request<{ messages: Message[] }>(
      'GET',
      `/api/whatsapp/messages/${encodeURIComponent(chatId)}?userId=${encodeURIComponent(me.body.user.id)}`,
      { cookie },
    );
    return res.body.messages;
  }

  it('downloads sandbox media into the media store (never hot-linked); a retry of stored media changes nothing; text has no media to retry', async () => {
    const image = await gw.request<{ conversationId: string; messageId: string }>(
      'POST',
      '/api/sandbox/whatsapp/inbound',
      {
        body: {
          sessionId: SESSION,
          from: '5511955554444',
          type: 'image',
          mediaUrl: `${customerSite.url}/fotos/a.jpg`,
        },
      },
    );
    expect(image.status).toBe(200);
    const { conversationId, messageId } = image.body;
    const stored = await eventually(async () =>
      (await messagesOf(conversationId)).find((m) => m.id === messageId && m.mediaStatus === 'stored'),
    );
    // Served from here, its bytes as the customer's site had them (http: the page's CSP allows it).
    expect(stored.mediaUrl).toMatch(new RegExp(`^/api/media/${SESSION}/[0-9a-f]{64}\\.jpg$`));
    const file = await fetch(`${gw.url}${stored.mediaUrl}`, { headers: { cookie } });
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(JPEG);

    const retryPath = (id: string) =>
      `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(id)}/media/retry`;
    const retry = await gw.request('POST', retryPath(messageId), { cookie, body: {} });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ success: true, messageId, mediaStatus: 'stored' });

    const text = await gw.request<{ messageId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId: SESSION, from: '5511955554444', text: 'oi' },
    });
    const noMedia = await gw.request('POST', retryPath(text.body.messageId), { cookie, body: {} });
    expect(noMedia.status).toBe(400);
    expect(noMedia.body).toMatchObject({
      success: false,
      code: 'MESSAGE_HAS_NO_MEDIA',
      error: 'Esta mensagem não tem mídia',
    });
    const unknown = await gw.request('POST', retryPath('nope'), { cookie, body: {} });
    expect(unknown.status).toBe(404);
    expect((await gw.request('POST', retryPath(messageId), { body: {} })).status).toBe(401);
  });

  it("shows a media the customer's link could not give as failed, never its link; a retry once it answers stores it", async () => {
    const image = await gw.request<{ conversationId: string; messageId: string }>(
      'POST',
      '/api/sandbox/whatsapp/inbound',
      {
        body: {
          sessionId: SESSION,
          from: '5511955553333',
          type: 'image',
          mediaUrl: `${customerSite.url}/depois.jpg`,
        },
      },
    );
    const { conversationId, messageId } = image.body;
    const failed = await eventually(async () =>
      (await messagesOf(conversationId)).find((m) => m.id === messageId && m.mediaStatus === 'failed'),
    );
    expect(failed.mediaUrl).toBeNull();
    customerSite.later = true; // the customer's link answers now
    const retry = await gw.request(
      'POST',
      `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/media/retry`,
      { cookie, body: {} },
    );
    expect(retry.status).toBe(200);
    const stored = await eventually(async () =>
      (await messagesOf(conversationId)).find((m) => m.id === messageId && m.mediaStatus === 'stored'),
    );
    expect(stored.mediaUrl).toMatch(/^\/api\/media\//);
  });

  it("serves downloaded media files to the session's workspace only", async () => {
    const folder = path.join(gw.dataDir, 'media', SESSION);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'abc123.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));

    const res = await fetch(`${gw.url}/api/media/${SESSION}/abc123.jpg`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await res.arrayBuffer())].slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);

    expect((await gw.request('GET', `/api/media/${SESSION}/abc123.jpg`)).status).toBe(401);
    const missing = await gw.request('GET', `/api/media/${SESSION}/nothing.jpg`, { cookie });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'MEDIA_NOT_FOUND' });
    for (const bad of ['..%2F..%2Fevents.db', '.hidden', '%2Fetc%2Fpasswd']) {
      const refused = await gw.request('GET', `/api/media/${SESSION}/${bad}`, { cookie });
      expect([400, 404]).toContain(refused.status);
      expect(refused.body).toMatchObject({ success: false });
    }

    const stranger = await gw.signInAsNewMember('u-media-stranger', 'Owner', {
      workspaceId: 'ws-other',
      name: 'Outra',
      email: 'outra@example.com',
    });
    expect((await gw.request('GET', `/api/media/${SESSION}/abc123.jpg`, { cookie: stranger })).status).toBe(
      404,
    );
  });
  it('answers one byte range (players seek in audio and video), and a type a browser would run as a download', async () => {
    const folder = path.join(gw.dataDir, 'media', SESSION);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'voz.ogg'), Buffer.from('OggS0123456789'));
    writeFileSync(path.join(folder, 'pagina.html'), '<script>alert(1)</script>');

    const part = await fetch(`${gw.url}/api/media/${SESSION}/voz.ogg`, {
      headers: { cookie, range: 'bytes=4-7' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4-7/14');
    expect(part.headers.get('content-type')).toBe('audio/ogg');
    expect(await part.text()).toBe('0123');
    const outside = await fetch(`${gw.url}/api/media/${SESSION}/voz.ogg`, {
      headers: { cookie, range: 'bytes=99-' },
    });
    expect(outside.status).toBe(416);
    const whole = await fetch(`${gw.url}/api/media/${SESSION}/voz.ogg`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await whole.text()).toBe('OggS0123456789');

    const page = await fetch(`${gw.url}/api/media/${SESSION}/pagina.html`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('application/octet-stream');
    expect(page.headers.get('content-disposition')).toBe('attachment');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("deletes the customer's stored media with their data (LGPD erasure)", async () => {
    const phone = '5511944443333';
    const sent = await gw.request<{ conversationId: string; messageId: string }>(
      'POST',
      '/api/sandbox/whatsapp/inbound',
      { body: { sessionId: SESSION, from: phone, type: 'image' } },
    );
    expect(sent.status).toBe(200);
    const { conversationId, messageId } = sent.body;
    const file = 'a'.repeat(64) + '.jpg';
    const folder = path.join(gw.dataDir, 'media', SESSION);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, file), Buffer.from([0xff, 0xd8, 0xff]));
    // What the channel bridge records once the driver stored a download.
    const workspaceId = gw.atende.demo.workspaceId;
    await handleCommand(
      { store: gw.atende.store, registry: atendeRegistry },
      conversationDecider,
      streams.conversation(workspaceId, conversationId),
      { type: 'RecordMediaStored', data: { messageId, mediaUrl: `/api/media/${SESSION}/${file}` } },
      { workspaceId, actorId: 'test' },
    );
    await gw.atende.projector.waitForPosition(await gw.lastPosition());
    expect((await fetch(`${gw.url}/api/media/${SESSION}/${file}`, { headers: { cookie } })).status).toBe(200);

    const erased = await gw.request('POST', `/api/contacts/${encodeURIComponent(conversationId)}/erase`, {
      cookie,
      body: { confirmPhone: phone },
    });
    expect(erased.status).toBe(200);
    expect(existsSync(path.join(folder, file))).toBe(false);
    expect((await gw.request('GET', `/api/media/${SESSION}/${file}`, { cookie })).status).toBe(404);
  });

  it("seals a download with its customer's key on disk and serves it opened; erased, a restored copy reads nothing", async () => {
    const phone = '5511933332222';
    const sent = await gw.request<{ conversationId: string; messageId: string }>(
      'POST',
      '/api/sandbox/whatsapp/inbound',
      { body: { sessionId: SESSION, from: phone, type: 'image' } },
    );
    expect(sent.status).toBe(200);
    const { conversationId, messageId } = sent.body;
    const workspaceId = gw.atende.demo.workspaceId;
    // What the WhatsApp driver does with a download: the channel worker's sink on the product's
    // store, told the conversation the bridge recorded the message in (the sandbox answered it).
    const sink = new WorkspaceMediaSink(gw.atende.media, async () => workspaceId, {
      conversationIdOf: async (_session, chatId) => (chatId === `${phone}@c.us` ? conversationId : undefined),
    });
    const marker = 'FOTO-DO-DOCUMENTO-DA-CLIENTE-5c2e';
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(marker)]);
    const { mediaId } = await sink.save({
      sessionId: SESSION,
      providerMessageId: 'sealed-download-1',
      chatId: `${phone}@c.us`,
      mimetype: 'image/jpeg',
      data: jpeg,
    });
    await handleCommand(
      { store: gw.atende.store, registry: atendeRegistry },
      conversationDecider,
      streams.conversation(workspaceId, conversationId),
      { type: 'RecordMediaStored', data: { messageId, mediaUrl: `/api/media/${mediaId}` } },
      { workspaceId, actorId: 'test' },
    );
    await gw.atende.projector.waitForPosition(await gw.lastPosition());

    const file = path.join(gw.dataDir, 'media', mediaId);
    const onDisk = readFileSync(file);
    expect(isSealedMedia(onDisk)).toBe(true);
    for (const bytes of filesUnder(path.join(gw.dataDir, 'media')))
      expect(bytes.includes(marker)).toBe(false);
    const served = await fetch(`${gw.url}/api/media/${mediaId}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg)).toBe(true);

    const erased = await gw.request('POST', `/api/contacts/${encodeURIComponent(conversationId)}/erase`, {
      cookie,
      body: { confirmPhone: phone },
    });
    expect(erased.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    // A backup of DATA_DIR/media put back: its key is gone, so it is served as missing (not a 500).
    writeFileSync(file, onDisk);
    const restored = await gw.request('GET', `/api/media/${mediaId}`, { cookie });
    expect(restored.status).toBe(404);
    expect(restored.body).toMatchObject({ success: false, code: 'MEDIA_NOT_FOUND' });
  });
});
