import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { WorkspaceMediaSink } from '@atende/channel-worker';
import { REMOVED_PLACEHOLDER } from '@atende/events';
import { MemoryReadModels } from '@atende/read-models';
import { allProjections, dumpAllProjections, rebuild, withoutCheckpoints } from '@atende/projector';
import { GatewayHarness } from '../../testing/harness.js';

const PHONE = '5511976543210';
/** The conversation's id: a pseudonym of the customer's WhatsApp id (given by the first message). */
let CHAT = '';
const NAME = 'Joana Reservada Lima';
const TEXT = 'Meu CPF e 987.654.321-00, pode conferir';
const REPLY = 'Conferido, Joana: pedido liberado';
const SECRET = 'senha-smtp-Secreta-42';
/** Inside a picture the customer sent (media bytes are sealed with their key too). */
const PICTURE = 'comprovante-de-residencia-da-Joana-71b0';
/** Its id in the media store, once the driver stored it. */
let PICTURE_ID = '';
const enc = encodeURIComponent;

/** Every file the deployment keeps in DATA_DIR, as text (the sandbox's file is the customer's phone, not ours). */
function dataDirText(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      const stat = statSync(file);
      if (stat.isDirectory()) walk(file);
      else if (stat.isFile() && !name.startsWith('sandbox.db')) out.push(readFileSync(file).toString('utf8'));
    }
  };
  walk(dir);
  return out.join('\n');
}

interface ExportBody {
  export: { contact: { name: string; phone: string } | null; events: { type: string; data: unknown }[] };
}

describe("LGPD: a customer's data sealed at rest, exported and erased", () => {
  let gw: GatewayHarness;
  let owner: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    owner = await gw.loginDemo();
  });
  afterAll(async () => gw.stop());

  const inbound = async (text: string, name: string, id: string): Promise<string> => {
    const res = await fetch(`${gw.url}/api/sandbox/whatsapp/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-token': gw.atende.sandboxToken! },
      body: JSON.stringify({ sessionId: 'demo-sandbox', from: PHONE, name, text, providerMessageId: id }),
    });
    expect(res.status).toBe(200);
    await gw.atende.projector.waitForPosition(await gw.lastPosition());
    await gw.atende.backgroundProjector.waitForPosition(await gw.lastPosition());
    return ((await res.json()) as { conversationId: string }).conversationId;
  };
  const exportOf = (cookie: string) =>
    gw.request<ExportBody>('GET', `/api/contacts/${enc(CHAT)}/export`, { cookie });
  const erase = (cookie: string, confirmPhone: string) =>
    gw.request('POST', `/api/contacts/${enc(CHAT)}/erase`, { cookie, body: { confirmPhone } });
  const row = async (id = CHAT) =>
    (
      await gw.request<{ conversations: { id: string; customerName: string; lastMessage: string }[] }>(
        'GET',
        '/api/whatsapp/conversations',
        { cookie: owner },
      )
    ).body.conversations.find((c) => c.id === id);
  const messages = async () =>
    (
      await gw.request<{ messages: { content: string }[] }>('GET', `/api/whatsapp/messages/${enc(CHAT)}`, {
        cookie: owner,
      })
    ).body.messages.map((m) => m.content);

  it('keeps secrets and the conversation only as ciphertext in DATA_DIR', async () => {
    const saved = await gw.request('PUT', '/api/integrations/email', {
      cookie: owner,
      body: { config: { 'SMTP Server': 'smtp.loja.com.br', Email: 'contato@loja.com.br', Password: SECRET } },
    });
    expect(saved.status).toBe(200);
    CHAT = await inbound(TEXT, NAME, 'lgpd-1');
    // The id does not carry the phone number (nor do stream ids, bus keys or read-model keys).
    expect(CHAT).toMatch(/^ct_[0-9a-f]{24}$/);
    // The spec's profile-picture call still finds the customer by their number.
    expect(
      (await gw.request('GET', `/api/whatsapp/profile-picture/${PHONE}`, { cookie: owner })).status,
    ).toBe(200);
    const sent = await gw.request('POST', '/api/whatsapp/send', {
      cookie: owner,
      body: { conversationId: CHAT, content: REPLY, type: 'text', timestamp: new Date().toISOString() },
    });
    expect(sent.status).toBe(200);
    await gw.atende.projector.waitForPosition(await gw.lastPosition());
    expect(await messages()).toEqual([TEXT, REPLY]);
    // A picture of hers, as the WhatsApp driver stores a download (her conversation named by the bridge).
    const sink = new WorkspaceMediaSink(gw.atende.media, async () => gw.atende.demo.workspaceId, {
      conversationIdOf: async () => CHAT,
    });
    PICTURE_ID = (
      await sink.save({
        sessionId: 'demo-sandbox',
        providerMessageId: 'lgpd-picture',
        chatId: `${PHONE}@c.us`,
        mimetype: 'image/jpeg',
        data: Buffer.from(PICTURE),
      })
    ).mediaId;
    const picture = await fetch(`${gw.url}/api/media/${PICTURE_ID}`, { headers: { cookie: owner } });
    expect(await picture.text()).toBe(PICTURE);

    const disk = dataDirText(gw.dataDir);
    for (const plain of [SECRET, TEXT, REPLY, NAME, PHONE, PICTURE])
      expect({ plain, found: disk.includes(plain) }).toEqual({ plain, found: false });
  });

  it('exports everything about the customer, to an Owner or Admin only', async () => {
    const res = await exportOf(owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    expect(res.body.export.contact).toEqual({ name: NAME, phone: PHONE });
    const texts = res.body.export.events.map((e) => (e.data as { content?: string }).content).filter(Boolean);
    expect(texts).toEqual([TEXT, REPLY]);
    expect(await gw.streamTypes(`conversation-${gw.atende.demo.workspaceId}-${CHAT}`)).toContain(
      'ContactDataExported',
    );

    const supervisor = await gw.signInAsNewMember('supervisora-lgpd', 'Supervisor');
    expect((await exportOf(supervisor)).status).toBe(403);
    expect((await erase(supervisor, PHONE)).status).toBe(403);
  });

  it('erases only when the phone number typed matches', async () => {
    const wrong = await erase(owner, '5511900000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'CONFIRMATION_MISMATCH' });
    expect(await messages()).toEqual([TEXT, REPLY]);
  });

  it('after the erasure: nothing of the customer is readable, counts stay, a replay rebuilds the same', async () => {
    const before = await row();
    const res = await erase(owner, '+55 (11) 97654-3210');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Dados do contato excluídos' });
    await gw.atende.backgroundProjector.waitForPosition(await gw.lastPosition());

    expect(await row()).toMatchObject({
      customerName: REMOVED_PLACEHOLDER,
      lastMessage: REMOVED_PLACEHOLDER,
    });
    expect(await messages()).toEqual([REMOVED_PLACEHOLDER, REMOVED_PLACEHOLDER]);
    expect((await row())!).toMatchObject({ id: before!.id });
    const exported = await exportOf(owner);
    expect(exported.body.export).toMatchObject({ contact: null, events: [] });
    expect((await erase(owner, PHONE)).body).toMatchObject({ code: 'CONTACT_ALREADY_ERASED' });

    const served = withoutCheckpoints(await dumpAllProjections(gw.atende.readModels));
    const rebuilt = new MemoryReadModels();
    await rebuild({ store: gw.atende.store, readModels: rebuilt, projections: allProjections });
    expect(withoutCheckpoints(await dumpAllProjections(rebuilt))).toEqual(served);
    const readModelText = JSON.stringify(served);
    for (const plain of [TEXT, REPLY, NAME, PHONE]) expect(readModelText.includes(plain)).toBe(false);
    const disk = dataDirText(gw.dataDir);
    for (const plain of [TEXT, REPLY, NAME, PHONE, PICTURE]) {
      expect({ plain, found: disk.includes(plain) }).toEqual({ plain, found: false });
    }
    // Her picture was never recorded on a message, so the erasure did not delete it: it is
    // unreadable all the same (her key is gone), and answers as missing.
    expect(await gw.atende.media.get(gw.atende.demo.workspaceId, PICTURE_ID)).toBeUndefined();
    expect((await gw.request('GET', `/api/media/${PICTURE_ID}`, { cookie: owner })).status).toBe(404);
  });

  it('a later message from the same phone starts a new conversation, unlinked to the erased one', async () => {
    const erased = CHAT;
    const fresh = await inbound('Voltei, sou a Joana de novo', 'Joana Nova', 'lgpd-2');
    expect(fresh).not.toBe(erased);
    expect(await row(fresh)).toMatchObject({
      customerName: 'Joana Nova',
      lastMessage: 'Voltei, sou a Joana de novo',
    });
    expect(await row(erased)).toMatchObject({ customerName: REMOVED_PLACEHOLDER });
    CHAT = fresh;
    expect((await exportOf(owner)).body.export.contact).toEqual({ name: 'Joana Nova', phone: PHONE });
  });
});
