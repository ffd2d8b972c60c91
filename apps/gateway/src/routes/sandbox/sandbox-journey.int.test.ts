import { randomUUID } from 'node:crypto';
import { GatewayHarness } from '../../testing/harness.js';
import { eventually } from '../../testing/eventually.js';

describe('WhatsApp through the sandbox, end to end over HTTP', () => {
  let gw: GatewayHarness;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    gw = await GatewayHarness.start();
    cookie = await gw.loginDemo();
    userId = (await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie })).body.user.id;
  });
  afterAll(async () => gw.stop());

  it('connects by QR, receives a customer once, replies once, and follows the acks', async () => {
    // Connect: the spec's client retries until the QR is there.
    const connect = () =>
      gw.request<{
        success: boolean;
        qrCode: string | null;
        sessionId: string;
        connected: boolean;
        message: string;
      }>('POST', '/api/whatsapp/connect', {
        cookie,
        body: { userId, phoneNumber: '+55 (11) 97777-6666', name: '' },
      });
    const withQr = await eventually(async () => {
      const res = await connect();
      return res.body.qrCode ? res.body : undefined;
    });
    expect(withQr.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(withQr.message).toBe('Escaneie o QR Code no WhatsApp do seu celular.');
    const { sessionId } = withQr;

    // The phone scans the QR.
    expect((await gw.request('POST', '/api/sandbox/whatsapp/scan', { body: { sessionId } })).status).toBe(
      200,
    );
    await eventually(async () => {
      const res = await gw.request<{ connected: boolean }>(
        'GET',
        `/api/whatsapp/status/${sessionId}?userId=${encodeURIComponent(userId)}`,
        { cookie },
      );
      return res.body.connected ? true : undefined;
    });
    expect((await connect()).body).toMatchObject({
      connected: true,
      message: 'WhatsApp conectado com sucesso.',
    });

    // A customer writes; WhatsApp delivers it three times.
    const inbound = {
      sessionId,
      from: '5511988887777',
      name: 'Maria',
      text: 'Olá, qual o prazo?',
      providerMessageId: 'wamid-1',
    };
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(
        (
          await gw.request<{ conversationId: string; messageId: string }>(
            'POST',
            '/api/sandbox/whatsapp/inbound',
            { body: inbound },
          )
        ).body,
      );
    }
    expect(new Set(answers.map((a) => a.messageId)).size).toBe(1);
    const chatId = answers[0]!.conversationId;
    // The phone's answer comes once the inbox shows the message: listed at once.
    const listed = await gw.request<{
      conversations: Array<{ id: string; unreadCount: number; lastMessage: string; customerName: string }>;
    }>('GET', `/api/whatsapp/conversations?userId=${encodeURIComponent(userId)}`, { cookie });
    const conversation = listed.body.conversations.find((c) => c.id === chatId);
    expect(conversation).toMatchObject({
      unreadCount: 1,
      lastMessage: 'Olá, qual o prazo?',
      customerName: 'Maria',
    });
    const messagesPath = `/api/whatsapp/messages/${encodeURIComponent(chatId)}?userId=${encodeURIComponent(userId)}`;
    const inboundMessages = (
      await gw.request<{ messages: Array<{ id: string }> }>('GET', messagesPath, { cookie })
    ).body.messages;
    expect(inboundMessages.map((m) => m.id)).toEqual([answers[0]!.messageId]);

    // The agent replies; the browser retries the request: the phone receives it once.
    const clientMessageId = randomUUID();
    const send = {
      userId,
      conversationId: chatId,
      content: 'O prazo é de 3 dias úteis.',
      type: 'text',
      timestamp: new Date().toISOString(),
      clientMessageId,
    };
    expect((await gw.request('POST', '/api/whatsapp/send', { cookie, body: send })).status).toBe(200);
    expect((await gw.request('POST', '/api/whatsapp/send', { cookie, body: send })).status).toBe(200);
    const outbox = await eventually(async () => {
      const res = await gw.request<{ messages: Array<{ providerMessageId: string; content: string }> }>(
        'GET',
        `/api/sandbox/whatsapp/outbox?sessionId=${sessionId}`,
      );
      return res.body.messages.length > 0 ? res.body.messages : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    const finalOutbox = (
      await gw.request<{ messages: unknown[] }>('GET', `/api/sandbox/whatsapp/outbox?sessionId=${sessionId}`)
    ).body.messages;
    expect(finalOutbox).toHaveLength(1);
    expect(outbox[0]!.content).toBe('O prazo é de 3 dias úteis.');

    // The phone acknowledges: delivered, then read — never backwards.
    const statusOfReply = async () =>
      (
        await gw.request<{ messages: Array<{ id: string; status: string }> }>('GET', messagesPath, { cookie })
      ).body.messages.find((m) => m.id === clientMessageId)?.status;
    await eventually(async () => ((await statusOfReply()) === 'sent' ? true : undefined));
    const providerMessageId = outbox[0]!.providerMessageId;
    await gw.request('POST', '/api/sandbox/whatsapp/ack', {
      body: { sessionId, providerMessageId, status: 'delivered' },
    });
    expect(await statusOfReply()).toBe('delivered'); // the ack's answer comes once it is shown
    await gw.request('POST', '/api/sandbox/whatsapp/ack', {
      body: { sessionId, providerMessageId, status: 'read' },
    });
    expect(await statusOfReply()).toBe('read'); // the ack's answer comes once it is shown
    await gw.request('POST', '/api/sandbox/whatsapp/ack', {
      body: { sessionId, providerMessageId, status: 'delivered' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusOfReply()).toBe('read');

    // Exactly one inbound and one outbound message in the log.
    const types = await gw.streamTypes(`conversation-minha-empresa-${chatId}`);
    expect(types.filter((t) => t === 'InboundMessageReceived')).toHaveLength(1);
    expect(types.filter((t) => t === 'OutboundMessageRequested')).toHaveLength(1);
    expect(types.filter((t) => t === 'OutboundMessageSent')).toHaveLength(1);
  });
});
