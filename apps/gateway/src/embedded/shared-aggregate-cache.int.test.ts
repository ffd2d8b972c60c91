import { GatewayHarness } from '../testing/harness.js';
import { eventually } from '../testing/eventually.js';

describe('embedded mode: one cache of stream states for the channel bridge and the gateway', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });
  afterAll(async () => gw.stop());

  it("decides an agent's command on a customer's conversation without reading its stream again", async () => {
    const cookie = await gw.loginDemo();
    const me = await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie });
    const userId = me.body.user.id;
    for (const text of ['oi', 'tem entrega hoje?']) {
      const res = await gw.request('POST', '/api/sandbox/whatsapp/inbound', {
        body: { sessionId: 'demo-sandbox', from: '5511955554444', text },
      });
      expect(res.status).toBe(200);
    }
    const row = await eventually(async () => {
      const res = await gw.request<{
        conversations: { id: string; customerId: string; messageCount: number }[];
      }>('GET', `/api/whatsapp/conversations?userId=${userId}`, { cookie });
      return res.body.conversations.find(
        (c) => c.customerId.startsWith('5511955554444') && c.messageCount === 2,
      );
    });

    // The bridge recorded both messages with the conversation's state cached: the agent's command is
    // decided on that state (a cache of the gateway's own would read the whole stream first).
    const reads: string[] = [];
    const readStream = gw.atende.store.readStream.bind(gw.atende.store);
    gw.atende.store.readStream = ((streamId: string, options?: Parameters<typeof readStream>[1]) => {
      reads.push(`${streamId}@${options?.fromStreamPosition ?? 0}`);
      return readStream(streamId, options);
    }) as typeof readStream;
    try {
      const pinned = await gw.request<{ conversation: { isPinned: boolean } }>(
        'POST',
        `/api/conversations/${encodeURIComponent(row.id)}/pin`,
        { cookie, body: {} },
      );
      expect(pinned.status).toBe(200);
      expect(pinned.body.conversation.isPinned).toBe(true);
    } finally {
      gw.atende.store.readStream = readStream;
    }
    expect(reads.filter((r) => r.startsWith('conversation-'))).toEqual([]);
  });
});
