import { MemoryReadModels } from '@atende/read-models';
import { applyBatch } from '../../runner/apply-batch.js';
import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import {
  REPLY_BLOCK_COLLECTION,
  REPLY_BLOCK_SIZE,
  REPLY_PAIRS_KEPT,
  REPLY_QUESTION_MAX,
  REPLY_RING_SLOTS,
  lastCustomerMessage,
  replyPairs,
  replySuggestionsProjection,
} from './index.js';

const CHAT = '5511999990001@c.us';
let seq = 0;

function inbound(
  log: TestLog,
  text: string,
  options: { ws?: string; chatId?: string; type?: 'text' | 'image'; timestamp?: string } = {},
) {
  const ws = options.ws ?? 'w1';
  const chatId = options.chatId ?? CHAT;
  seq += 1;
  return log.append(
    `conversation-${ws}-${chatId}`,
    {
      type: 'InboundMessageReceived',
      data: {
        messageId: `in-${seq}`,
        chatId,
        sessionId: 's1',
        providerMessageId: `wamid-${seq}`,
        content: text,
        type: options.type ?? 'text',
        mediaUrl: options.type === 'image' ? 'https://media.example/1.jpg' : null,
        mediaStatus: options.type === 'image' ? 'pending' : 'none',
        senderName: 'Cliente',
        senderPhone: chatId.split('@')[0]!,
        timestamp: options.timestamp ?? '2026-11-02T09:00:00-03:00',
      },
    },
    { workspaceId: ws },
  );
}

function outbound(
  log: TestLog,
  text: string,
  options: { ws?: string; chatId?: string; agentId?: string; type?: 'text' | 'image'; at?: string } = {},
) {
  const ws = options.ws ?? 'w1';
  const chatId = options.chatId ?? CHAT;
  const agentId = options.agentId ?? 'ana';
  seq += 1;
  return log.append(
    `conversation-${ws}-${chatId}`,
    {
      type: 'OutboundMessageRequested',
      data: {
        messageId: `out-${seq}`,
        chatId,
        sessionId: 's1',
        agentId,
        content: text,
        type: options.type ?? 'text',
        timestamp: '2026-11-02T12:00:00.000Z',
      },
    },
    { workspaceId: ws, actorId: agentId, ...(options.at ? { at: options.at } : {}) },
  );
}

const view = async (log: TestLog) =>
  (await project(replySuggestionsProjection, log.events)).view('reply-suggestions');

describe('reply-suggestions projection', () => {
  it('records the latest customer text before an agent reply as a pair', async () => {
    const log = new TestLog();
    inbound(log, 'Oi');
    inbound(log, '  qual o prazo de entrega?  ');
    const reply = outbound(log, 'O prazo é de 3 a 5 dias úteis.', {
      agentId: 'bruno',
      at: '2026-11-02T12:05:00.000Z',
    });
    const v = await view(log);
    expect(await replyPairs(v, 'w1')).toEqual([
      {
        n: 0,
        chatId: CHAT,
        question: 'qual o prazo de entrega?',
        answer: 'O prazo é de 3 a 5 dias úteis.',
        agentId: 'bruno',
        messageId: (reply.data as { messageId: string }).messageId,
        at: '2026-11-02T12:05:00.000Z',
      },
    ]);
    expect(await lastCustomerMessage(v, 'w1', CHAT)).toEqual({
      text: 'qual o prazo de entrega?',
      at: '2026-11-02T12:00:00.000Z',
      awaitingReply: false,
      agentReplies: 1,
    });
    expect(await replyPairs(v, 'w2')).toEqual([]);
    expect(await lastCustomerMessage(v, 'w2', CHAT)).toBeUndefined();
    expect(await lastCustomerMessage(v, 'w1', 'outro@c.us')).toBeUndefined();
  });

  it('pairs only the first agent text after customer text; media and other streams are skipped', async () => {
    const log = new TestLog();
    outbound(log, 'Olá! Posso ajudar?'); // nothing asked yet: no pair
    inbound(log, 'Vocês aceitam Pix?');
    inbound(log, '', { type: 'image' }); // media: not a question, the text before still is
    outbound(log, 'https://media.example/catalogo.jpg', { type: 'image' }); // media reply: not paired
    outbound(log, 'Sim, aceitamos Pix.');
    outbound(log, 'Mais alguma coisa?'); // no new customer text: not paired
    inbound(log, 'Obrigado', { chatId: '5511999990002@c.us' });
    outbound(log, 'Por nada!', { chatId: '5511999990002@c.us', agentId: 'carla' });
    inbound(log, 'Oi', { ws: 'w2' });
    outbound(log, 'Olá (w2)', { ws: 'w2' });
    log.append(
      'note-n1',
      {
        type: 'NoteCreated',
        data: {
          noteId: 'n1',
          authorId: 'ana',
          title: 't',
          content: 'c',
          reminder: null,
          tags: [],
          isPinned: false,
        },
      },
      { workspaceId: 'w1' },
    );
    const v = await view(log);
    expect((await replyPairs(v, 'w1')).map((p) => [p.n, p.question, p.answer, p.agentId])).toEqual([
      [1, 'Obrigado', 'Por nada!', 'carla'],
      [0, 'Vocês aceitam Pix?', 'Sim, aceitamos Pix.', 'ana'],
    ]);
    expect((await replyPairs(v, 'w2')).map((p) => p.answer)).toEqual(['Olá (w2)']);
    expect(await lastCustomerMessage(v, 'w1', CHAT)).toMatchObject({
      text: 'Vocês aceitam Pix?',
      awaitingReply: false,
      agentReplies: 4,
    });

    inbound(log, 'E boleto?');
    expect(await lastCustomerMessage(await view(log), 'w1', CHAT)).toMatchObject({
      text: 'E boleto?',
      awaitingReply: true,
      agentReplies: 4,
    });
  });

  it('a conversation with only media or agent messages has no customer text', async () => {
    const log = new TestLog();
    inbound(log, 'legenda', { type: 'image' });
    outbound(log, 'Recebemos sua foto.');
    expect(await lastCustomerMessage(await view(log), 'w1', CHAT)).toEqual({
      text: null,
      at: null,
      awaitingReply: false,
      agentReplies: 1,
    });
    expect(await replyPairs(await view(log), 'w1')).toEqual([]);
  });

  it('cuts long customer texts', async () => {
    const log = new TestLog();
    inbound(log, 'a'.repeat(REPLY_QUESTION_MAX + 500));
    outbound(log, 'ok');
    const [pair] = await replyPairs(await view(log), 'w1');
    expect(pair!.question).toHaveLength(REPLY_QUESTION_MAX);
  });

  it.each([REPLY_PAIRS_KEPT, REPLY_PAIRS_KEPT + 20, REPLY_PAIRS_KEPT * 2 + 30])(
    'keeps only the latest %i pairs, in small block documents',
    async (count) => {
      const log = new TestLog();
      for (let i = 0; i < count; i++) {
        inbound(log, `pergunta ${i}`, { chatId: `55119${i % 7}@c.us` });
        outbound(log, `resposta ${i}`, { chatId: `55119${i % 7}@c.us` });
      }
      const v = await view(log);
      const pairs = await replyPairs(v, 'w1');
      const kept = Math.min(count, REPLY_PAIRS_KEPT);
      expect(pairs).toHaveLength(kept);
      expect(pairs.map((p) => p.n)).toEqual(Array.from({ length: kept }, (_, i) => count - 1 - i));
      expect(pairs[0]).toMatchObject({ question: `pergunta ${count - 1}`, answer: `resposta ${count - 1}` });
      const blocks = (await v.dump()).docs[REPLY_BLOCK_COLLECTION] ?? {};
      expect(Object.keys(blocks).length).toBeLessThanOrEqual(REPLY_RING_SLOTS);
      for (const doc of Object.values(blocks) as { pairs: unknown[] }[])
        expect(doc.pairs.length).toBeLessThanOrEqual(REPLY_BLOCK_SIZE);
    },
  );

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    for (let i = 0; i < 120; i++) {
      const chatId = `55119${i % 5}@c.us`;
      inbound(log, `pergunta ${i}`, { chatId, ws: i % 3 === 0 ? 'w2' : 'w1' });
      if (i % 4 !== 0) inbound(log, `mais ${i}`, { chatId, ws: i % 3 === 0 ? 'w2' : 'w1' });
      outbound(log, `resposta ${i}`, { chatId, ws: i % 3 === 0 ? 'w2' : 'w1' });
      if (i % 6 === 0) outbound(log, `extra ${i}`, { chatId, ws: i % 3 === 0 ? 'w2' : 'w1' });
    }
    await expectReplayStable(replySuggestionsProjection, log.events);
  });

  it('a big workload projects the same in batches as in one batch', async () => {
    const log = new TestLog();
    for (let i = 0; i < REPLY_PAIRS_KEPT + 80; i++) {
      inbound(log, `pergunta ${i}`, { chatId: `55119${i % 11}@c.us` });
      outbound(log, `resposta ${i}`, { chatId: `55119${i % 11}@c.us` });
    }
    const once = await (
      await project(replySuggestionsProjection, log.events)
    )
      .view('reply-suggestions')
      .dump();
    const chunked = new MemoryReadModels({ freezeDocs: true });
    const writer = chunked.writer('reply-suggestions');
    for (let i = 0; i < log.events.length; i += 97)
      await applyBatch(replySuggestionsProjection, writer, log.events.slice(i, i + 97));
    expect(await chunked.view('reply-suggestions').dump()).toEqual(once);
  });
});
