import { ChannelSendError, type ChannelEvent } from '@atende/events';
import { inboundMessageId } from './inbound-message-id.js';
import { SandboxChannel, SandboxError } from './sandbox-channel.js';
import { SqliteSandboxStorage } from './sandbox-storage.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };

function setup(options: ConstructorParameters<typeof SandboxChannel>[0] = {}) {
  const channel = new SandboxChannel(options);
  const events: ChannelEvent[] = [];
  channel.onEvent((event) => void events.push(event));
  return { channel, events };
}

async function connected() {
  const ctx = setup();
  await ctx.channel.connect(session);
  ctx.channel.scan(session.sessionId);
  ctx.events.length = 0;
  return ctx;
}

const text = (messageId: string, content = 'Olá', chatId = '5511988887777@c.us') => ({
  messageId,
  chatId,
  content,
  type: 'text' as const,
});

const query = (since: Date) => ({ chatId: '5511988887777@c.us', content: 'Pedido enviado', since });

describe('SandboxChannel', () => {
  it('is named sandbox and starts disconnected', () => {
    const { channel } = setup();
    expect(channel.name).toBe('sandbox');
    expect(channel.status('nope')).toBe('disconnected');
  });

  it('connect issues a real PNG QR code', async () => {
    const { channel, events } = setup();
    await channel.connect(session);
    expect(channel.status('s-1')).toBe('qr');
    expect(events).toHaveLength(1);
    const event = events[0]!;
    if (event.type !== 'qr') throw new Error(`expected qr, got ${event.type}`);
    expect(event.sessionId).toBe('s-1');
    expect(event.qrCode.startsWith('data:image/png;base64,')).toBe(true);
    const bytes = Buffer.from(event.qrCode.slice('data:image/png;base64,'.length), 'base64');
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(100);
  });

  it('scan connects the session; connecting again restores it without a QR', async () => {
    const { channel, events } = setup();
    await channel.connect(session);
    channel.scan('s-1');
    expect(channel.status('s-1')).toBe('connected');
    expect(events[1]).toEqual({ type: 'connected', sessionId: 's-1', phoneNumber: '5511999990000' });
    channel.scan('s-1');
    expect(events).toHaveLength(2);
    await channel.connect(session);
    expect(events[2]).toEqual({ type: 'connected', sessionId: 's-1', phoneNumber: '5511999990000' });
    expect(events.filter((e) => e.type === 'qr')).toHaveLength(1);
  });

  it('pre-paired sessions connect straight away', async () => {
    const { channel, events } = setup({ paired: ['s-1'] });
    await channel.connect(session);
    expect(events.map((e) => e.type)).toEqual(['connected']);
    expect(channel.status('s-1')).toBe('connected');
  });

  it('scan of an unknown session throws a typed error', () => {
    const { channel } = setup();
    expect(() => channel.scan('nope')).toThrow(SandboxError);
    try {
      channel.scan('nope');
    } catch (error) {
      expect((error as SandboxError).code).toBe('SANDBOX_SESSION_NOT_FOUND');
    }
  });

  it('inbound emits the customer message', async () => {
    const { channel, events } = await connected();
    const result = channel.inbound('s-1', {
      from: '+55 (11) 98888-7777',
      name: 'Maria',
      text: 'Oi',
      providerMessageId: 'p-1',
    });
    expect(result).toEqual({
      providerMessageId: 'p-1',
      chatId: '5511988887777@c.us',
      messageId: inboundMessageId('s-1', 'p-1'),
    });
    expect(events).toHaveLength(1);
    const event = events[0]!;
    if (event.type !== 'inbound') throw new Error(`expected inbound, got ${event.type}`);
    expect(event.message).toMatchObject({
      providerMessageId: 'p-1',
      chatId: '5511988887777@c.us',
      from: '5511988887777',
      senderName: 'Maria',
      chatType: 'private',
      content: 'Oi',
      type: 'text',
      mediaUrl: null,
    });
    expect(Number.isNaN(Date.parse(event.message.timestamp))).toBe(false);
  });

  it('inbound without a provider id gets a fresh one; the same id twice is delivered twice', async () => {
    const { channel, events } = await connected();
    const a = channel.inbound('s-1', { from: '5511988887777', text: 'a' });
    const b = channel.inbound('s-1', { from: '5511988887777', text: 'b' });
    expect(a.providerMessageId).not.toBe(b.providerMessageId);
    const c = channel.inbound('s-1', { from: '5511988887777', text: 'c', providerMessageId: 'dup' });
    const d = channel.inbound('s-1', { from: '5511988887777', text: 'c', providerMessageId: 'dup' });
    expect(c.messageId).toBe(d.messageId);
    expect(events).toHaveLength(4);
  });

  it('inbound requires a known, connected session and a phone', async () => {
    const { channel } = setup();
    expect(() => channel.inbound('nope', { from: '5511988887777', text: 'x' })).toThrow(
      expect.objectContaining({ code: 'SANDBOX_SESSION_NOT_FOUND' }),
    );
    await channel.connect(session);
    expect(() => channel.inbound('s-1', { from: '5511988887777', text: 'x' })).toThrow(
      expect.objectContaining({ code: 'SANDBOX_SESSION_NOT_CONNECTED' }),
    );
    channel.scan('s-1');
    expect(() => channel.inbound('s-1', { from: 'abc', text: 'x' })).toThrow(
      expect.objectContaining({ code: 'SANDBOX_INVALID_INPUT' }),
    );
  });

  it('send is recorded in the outbox in order, once per messageId', async () => {
    const { channel } = await connected();
    const first = await channel.send('s-1', text('m-1', 'primeira'));
    const second = await channel.send('s-1', text('m-2', 'segunda'));
    const again = await channel.send('s-1', text('m-1', 'primeira'));
    expect(again.providerMessageId).toBe(first.providerMessageId);
    expect(second.providerMessageId).not.toBe(first.providerMessageId);
    const outbox = channel.outbox('s-1');
    expect(outbox.map((m) => [m.messageId, m.content, m.providerMessageId])).toEqual([
      ['m-1', 'primeira', first.providerMessageId],
      ['m-2', 'segunda', second.providerMessageId],
    ]);
    expect(outbox[0]).toMatchObject({ chatId: '5511988887777@c.us', type: 'text' });
    expect(Number.isNaN(Date.parse(outbox[0]!.sentAt))).toBe(false);
  });

  it('send to a session that is not connected is a retryable error', async () => {
    const { channel } = setup();
    await expect(channel.send('nope', text('m-1'))).rejects.toMatchObject({
      name: 'ChannelSendError',
      permanent: false,
    });
    await channel.connect(session);
    const error = await channel.send('s-1', text('m-1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelSendError);
    expect((error as ChannelSendError).permanent).toBe(false);
  });

  it('send to a chat that is not a phone is a permanent error', async () => {
    const { channel } = await connected();
    for (const chatId of ['not-a-phone', '5511@c.us', 'abc@c.us', '5511988887777@broadcast']) {
      const error = await channel.send('s-1', text(`m-${chatId}`, 'x', chatId)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChannelSendError);
      expect((error as ChannelSendError).permanent).toBe(true);
    }
    await expect(channel.send('s-1', text('g', 'x', '120363000000000001@g.us'))).resolves.toBeDefined();
    expect(channel.outbox('s-1')).toHaveLength(1);
  });

  it('findSent finds what the phone took in the chat with that text since the attempt, kept across a restart', async () => {
    let now = new Date('2026-05-01T10:00:00.000Z');
    const storage = new SqliteSandboxStorage(':memory:');
    const first = new SandboxChannel({ storage, now: () => now, paired: ['s-1'] });
    await first.connect(session);
    const old = await first.send('s-1', text('m-0', 'Pedido enviado'));
    now = new Date('2026-05-01T10:05:00.000Z');
    const sent = await first.send('s-1', text('m-1', 'Pedido enviado'));
    await first.send('s-1', text('m-2', 'Outro texto'));
    await first.send('s-1', text('m-3', 'Pedido enviado', '5511977776666@c.us'));

    const restarted = new SandboxChannel({ storage, now: () => now });
    await expect(restarted.findSent('s-1', query(now))).rejects.toBeInstanceOf(ChannelSendError); // not here yet
    await restarted.connect({ ...session, restore: true });
    expect(await restarted.findSent('s-1', query(now))).toEqual([sent.providerMessageId]);
    expect(await restarted.findSent('s-1', query(new Date('2026-05-01T09:00:00.000Z')))).toEqual([
      old.providerMessageId,
      sent.providerMessageId,
    ]);
    expect(await restarted.findSent('s-1', query(new Date('2026-05-01T10:06:00.000Z')))).toEqual([]);
    expect(await restarted.findSent('s-1', { ...query(now), content: 'Pedido enviado!' })).toEqual([]);
    storage.close();
  });

  it('ack is emitted for a message the phone received', async () => {
    const { channel, events } = await connected();
    const { providerMessageId } = await channel.send('s-1', text('m-1'));
    channel.ack('s-1', providerMessageId, 'delivered');
    channel.ack('s-1', providerMessageId, 'read');
    expect(events).toEqual([
      { type: 'ack', sessionId: 's-1', providerMessageId, status: 'delivered' },
      { type: 'ack', sessionId: 's-1', providerMessageId, status: 'read' },
    ]);
    expect(() => channel.ack('s-1', 'unknown', 'read')).toThrow(
      expect.objectContaining({ code: 'SANDBOX_MESSAGE_NOT_FOUND' }),
    );
  });

  it('disconnect emits disconnected and forgets the pairing', async () => {
    const { channel, events } = await connected();
    await channel.disconnect('s-1');
    expect(events).toEqual([{ type: 'disconnected', sessionId: 's-1', reason: 'logout' }]);
    expect(channel.status('s-1')).toBe('disconnected');
    await channel.disconnect('s-1');
    await channel.disconnect('nope');
    expect(events).toHaveLength(1);
    await channel.connect(session);
    expect(events[1]?.type).toBe('qr');
  });

  it('a disconnect while the QR is drawn drops the stale QR', async () => {
    const { channel, events } = setup();
    const pending = channel.connect(session);
    expect(channel.status('s-1')).toBe('connecting');
    await channel.disconnect('s-1');
    await pending;
    expect(events.map((e) => e.type)).toEqual(['disconnected']);
    expect(channel.status('s-1')).toBe('disconnected');
  });

  it('unsubscribe and close stop events; a failing listener does not stop others', async () => {
    const channel = new SandboxChannel();
    const seen: string[] = [];
    channel.onEvent(() => {
      throw new Error('boom');
    });
    const off = channel.onEvent((e) => void seen.push(e.type));
    await channel.connect(session);
    expect(seen).toEqual(['qr']);
    off();
    channel.scan('s-1');
    expect(seen).toEqual(['qr']);
    const later: string[] = [];
    channel.onEvent((e) => void later.push(e.type));
    await channel.close();
    await channel.connect(session);
    expect(later).toEqual([]);
  });

  describe('with several channel workers', () => {
    it('restores a session the log says is logged in without a QR, though this phone never paired it', async () => {
      const { channel, events } = setup();
      await channel.connect({ ...session, restore: true });
      expect(events).toEqual([{ type: 'connected', sessionId: 's-1', phoneNumber: '5511999990000' }]);
      expect(channel.status('s-1')).toBe('connected');
    });

    it('detaches a session without logging it out or reporting it; it comes back paired', async () => {
      const { channel, events } = await connected();
      await channel.detach('s-1');
      expect(events).toEqual([]);
      expect(channel.status('s-1')).toBe('disconnected');
      await expect(channel.send('s-1', text('m-1'))).rejects.toBeInstanceOf(ChannelSendError);
      await channel.connect(session);
      expect(events).toEqual([{ type: 'connected', sessionId: 's-1', phoneNumber: '5511999990000' }]);
    });

    it('refuses the controls of a session another worker runs', async () => {
      let here = true;
      const { channel } = setup({ ownsSession: () => here });
      await channel.connect(session);
      channel.scan('s-1');
      here = false;
      for (const control of [
        () => channel.scan('s-1'),
        () => channel.inbound('s-1', { from: '5511988887777', text: 'Oi' }),
        () => channel.outbox('s-1'),
        () => channel.scan('unknown'),
      ]) {
        expect(control).toThrow(
          expect.objectContaining({ name: 'SandboxError', code: 'SANDBOX_SESSION_NOT_HERE' }) as Error,
        );
      }
    });
  });
});
