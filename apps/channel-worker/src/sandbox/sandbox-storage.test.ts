import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChannelEvent } from '@atende/events';
import { SandboxChannel } from './sandbox-channel.js';
import { SqliteSandboxStorage } from './sandbox-storage.js';

const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };
const reply = (messageId: string) => ({
  messageId,
  chatId: '5511988887777@c.us',
  content: `resposta ${messageId}`,
  type: 'text' as const,
});

describe('SandboxChannel with SqliteSandboxStorage (the phone survives a restart)', () => {
  let dir: string;
  let file: string;
  const opened: SqliteSandboxStorage[] = [];
  const open = () => {
    const storage = new SqliteSandboxStorage(file);
    opened.push(storage);
    return storage;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-sandbox-'));
    file = path.join(dir, 'sandbox.db');
  });
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps pairings and received messages; a resend of the same message id is taken once', async () => {
    const before = new SandboxChannel({ storage: open() });
    await before.connect(session);
    before.scan('s-1');
    const first = await before.send('s-1', reply('m-1'));
    await before.close();

    const after = new SandboxChannel({ storage: open() });
    const events: ChannelEvent[] = [];
    after.onEvent((e) => void events.push(e));
    await after.connect(session);
    expect(after.status('s-1')).toBe('connected'); // paired: no new QR
    expect(events.map((e) => e.type)).toEqual(['connected']);
    expect(await after.send('s-1', reply('m-1'))).toEqual(first);
    await after.send('s-1', reply('m-2'));
    expect(after.outbox('s-1').map((m) => m.messageId)).toEqual(['m-1', 'm-2']);
    expect(
      open()
        .outbox('s-1')
        .map((m) => m.providerMessageId),
    ).toEqual(after.outbox('s-1').map((m) => m.providerMessageId));
  });

  it('forgets the pairing on disconnect: the next connect shows a QR', async () => {
    const before = new SandboxChannel({ storage: open() });
    await before.connect(session);
    before.scan('s-1');
    await before.disconnect('s-1');
    const after = new SandboxChannel({ storage: open() });
    await after.connect(session);
    expect(after.status('s-1')).toBe('qr');
  });
});

describe('SandboxChannel media', () => {
  it('reports an inbound media message as stored at its URL, and again on retry', async () => {
    const channel = new SandboxChannel({ paired: ['s-1'] });
    const events: ChannelEvent[] = [];
    channel.onEvent((e) => void events.push(e));
    await channel.connect(session);
    const { providerMessageId } = channel.inbound('s-1', {
      from: '5511988887777',
      type: 'image',
      mediaUrl: 'https://example.com/foto.jpg',
    });
    const media = {
      type: 'media',
      sessionId: 's-1',
      providerMessageId,
      status: 'stored',
      mediaUrl: 'https://example.com/foto.jpg',
    };
    expect(events.slice(1).map((e) => e.type)).toEqual(['inbound', 'media']);
    expect(events[2]).toEqual(media);
    await channel.retryMedia('s-1', providerMessageId);
    expect(events[3]).toEqual(media);
    await channel.retryMedia('s-1', 'unknown');
    expect(events[4]).toMatchObject({ type: 'media', providerMessageId: 'unknown', status: 'failed' });
  });
});
