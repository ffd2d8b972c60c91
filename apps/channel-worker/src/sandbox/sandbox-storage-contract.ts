import { createHash } from 'node:crypto';
import type { ChannelEvent } from '@atende/events';
import { SandboxChannel } from './sandbox-channel.js';
import type { SandboxStorage } from './sandbox-storage.js';

const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };
const reply = (messageId: string) => ({
  messageId,
  chatId: '5511988887777@c.us',
  content: `resposta ${messageId}`,
  type: 'text' as const,
});

/**
 * What every SandboxStorage gives the sandbox phone: `open()` is another process (a restart, or
 * another host's worker) opening the same memory; the suite closes what it opened.
 */
export function sandboxStorageContract(open: () => SandboxStorage): void {
  const opened: SandboxStorage[] = [];
  const openStorage = () => {
    const storage = open();
    opened.push(storage);
    return storage;
  };
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
  });

  it('keeps pairings and received messages; a resend of the same message id is taken once', async () => {
    const before = new SandboxChannel({ storage: openStorage() });
    await before.connect(session);
    before.scan('s-1');
    const first = await before.send('s-1', reply('m-1'));
    await before.close();

    const after = new SandboxChannel({ storage: openStorage() });
    const events: ChannelEvent[] = [];
    after.onEvent((e) => void events.push(e));
    await after.connect(session);
    expect(after.status('s-1')).toBe('connected'); // paired: no new QR
    expect(events.map((e) => e.type)).toEqual(['connected']);
    expect(await after.send('s-1', reply('m-1'))).toEqual(first);
    await after.send('s-1', reply('m-2'));
    expect(after.outbox('s-1').map((m) => m.messageId)).toEqual(['m-1', 'm-2']);
    expect((await openStorage().outbox('s-1')).map((m) => m.providerMessageId)).toEqual(
      after.outbox('s-1').map((m) => m.providerMessageId),
    );
  });

  it("keeps a media message's file as the phone got it (its bytes' hash), and finds it by kind and caption", async () => {
    const phone = new SandboxChannel({ storage: openStorage(), paired: ['s-1'] });
    await phone.connect(session);
    const bytes = Buffer.from('%PDF-1.7 recibo');
    const sent = await phone.send('s-1', {
      ...reply('m-doc'),
      content: 'Segue o recibo',
      type: 'document',
      media: { bytes, mimeType: 'application/pdf', fileName: 'recibo.pdf' },
    });
    const media = {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      mimeType: 'application/pdf',
      fileName: 'recibo.pdf',
      size: bytes.length,
    };
    const [kept] = await openStorage().outbox('s-1');
    expect(kept).toMatchObject({ messageId: 'm-doc', type: 'document', content: 'Segue o recibo', media });
    const since = new Date(Date.now() - 60_000);
    const chatId = '5511988887777@c.us';
    expect(
      await phone.findSent('s-1', { chatId, content: 'Segue o recibo', type: 'document', since }),
    ).toEqual([sent.providerMessageId]);
    // The same caption sent as a text is another message.
    expect(await phone.findSent('s-1', { chatId, content: 'Segue o recibo', since })).toEqual([]);
  });

  it('two phones on one memory (a takeover while the first still runs): one message id is taken once', async () => {
    const a = new SandboxChannel({ storage: openStorage(), paired: ['s-1'] });
    const b = new SandboxChannel({ storage: openStorage(), paired: ['s-1'] });
    await a.connect(session);
    await b.connect(session); // b loaded the outbox before a sent: only the storage can tell
    const sentByA = await a.send('s-1', reply('m-1'));
    expect(await b.send('s-1', reply('m-1'))).toEqual(sentByA);
    const since = new Date(Date.now() - 60_000);
    const query = { chatId: '5511988887777@c.us', content: 'resposta m-1', since };
    expect(await b.findSent('s-1', query)).toEqual([sentByA.providerMessageId]);
    expect(await (await openStorage()).outbox('s-1')).toHaveLength(1);
  });

  it('forgets the pairing on disconnect: the next connect shows a QR', async () => {
    const before = new SandboxChannel({ storage: openStorage() });
    await before.connect(session);
    before.scan('s-1');
    await before.disconnect('s-1');
    const after = new SandboxChannel({ storage: openStorage() });
    await after.connect(session);
    expect(after.status('s-1')).toBe('qr');
  });
}
