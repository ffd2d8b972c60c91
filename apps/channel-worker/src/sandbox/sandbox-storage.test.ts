import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChannelEvent } from '@atende/events';
import { SandboxChannel } from './sandbox-channel.js';
import { SqliteSandboxStorage } from './sandbox-storage.js';
import { sandboxStorageContract } from './sandbox-storage-contract.js';

const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };

describe('SandboxChannel with SqliteSandboxStorage (the phone survives a restart)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-sandbox-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  sandboxStorageContract(() => new SqliteSandboxStorage(path.join(dir, 'sandbox.db')));
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
