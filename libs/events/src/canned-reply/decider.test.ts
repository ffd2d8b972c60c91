import { spec } from '../testing/given-when-then.js';
import { CANNED_REPLY_KEYWORDS_MAX, CANNED_REPLY_TEXT_MAX, type CannedReplyCategory } from './categories.js';
import { cannedReplyDecider } from './decider.js';
import { DEFAULT_CANNED_REPLIES, defaultCannedReplyId } from './defaults.js';
import type { CannedReplyEvent } from './events.js';

const created: CannedReplyEvent = {
  type: 'CannedReplyCreated',
  data: {
    cannedReplyId: 'c1',
    text: 'Aceitamos Pix.',
    category: 'product',
    keywords: 'pix pagamento',
    createdBy: 'u1',
  },
};
const deleted: CannedReplyEvent = { type: 'CannedReplyDeleted', data: { cannedReplyId: 'c1' } };
const reply = spec(cannedReplyDecider);

describe('Canned reply decider', () => {
  describe('CreateCannedReply', () => {
    it('creates a reply with the text trimmed and the keywords on one line', () => {
      reply
        .given([])
        .when({
          type: 'CreateCannedReply',
          data: {
            cannedReplyId: 'c1',
            text: '  Aceitamos Pix.\n',
            category: 'product',
            keywords: '  pix \n  pagamento ',
            createdBy: 'u1',
          },
        })
        .then([created]);
    });
    it('keeps lines inside the text, and no keywords is an empty text', () => {
      reply
        .given([])
        .when({
          type: 'CreateCannedReply',
          data: {
            cannedReplyId: 'c2',
            text: 'Olá!\nComo posso ajudar?',
            category: 'greeting',
            createdBy: 'u1',
          },
        })
        .then([
          {
            type: 'CannedReplyCreated',
            data: {
              cannedReplyId: 'c2',
              text: 'Olá!\nComo posso ajudar?',
              category: 'greeting',
              keywords: '',
              createdBy: 'u1',
            },
          },
        ]);
    });
    it.each(['', '   \n\t'])('rejects a blank text (%j)', (text) => {
      reply
        .given([])
        .when({
          type: 'CreateCannedReply',
          data: { cannedReplyId: 'c1', text, category: 'other', createdBy: 'u1' },
        })
        .thenThrows('CANNED_REPLY_TEXT_REQUIRED', 'O texto da resposta é obrigatório');
    });
    it('rejects a text or keywords over their limits, counted after trimming', () => {
      const base = { cannedReplyId: 'c1', category: 'other' as const, createdBy: 'u1' };
      reply
        .given([])
        .when({ type: 'CreateCannedReply', data: { ...base, text: 'a'.repeat(CANNED_REPLY_TEXT_MAX + 1) } })
        .thenThrows('CANNED_REPLY_TEXT_TOO_LONG', 'O texto da resposta deve ter no máximo 1000 caracteres');
      reply
        .given([])
        .when({
          type: 'CreateCannedReply',
          data: { ...base, text: ` ${'a'.repeat(CANNED_REPLY_TEXT_MAX)} ` },
        })
        .then([
          {
            type: 'CannedReplyCreated',
            data: { ...base, text: 'a'.repeat(CANNED_REPLY_TEXT_MAX), keywords: '' },
          },
        ]);
      reply
        .given([])
        .when({
          type: 'CreateCannedReply',
          data: { ...base, text: 'ok', keywords: 'p'.repeat(CANNED_REPLY_KEYWORDS_MAX + 1) },
        })
        .thenThrows('CANNED_REPLY_KEYWORDS_TOO_LONG', 'As palavras-chave devem ter no máximo 500 caracteres');
    });
    it('rejects an unknown category', () => {
      reply
        .given([])
        .when({
          type: 'CreateCannedReply',
          data: {
            cannedReplyId: 'c1',
            text: 'Oi',
            category: 'vendas' as CannedReplyCategory,
            createdBy: 'u1',
          },
        })
        .thenThrows('CANNED_REPLY_CATEGORY_INVALID', 'Categoria inválida');
    });
    it('rejects creating the same reply twice, also after its deletion', () => {
      const command = {
        type: 'CreateCannedReply' as const,
        data: { cannedReplyId: 'c1', text: 'Oi', category: 'greeting' as const, createdBy: 'u1' },
      };
      reply.given([created]).when(command).thenThrows('CANNED_REPLY_EXISTS');
      reply.given([created, deleted]).when(command).thenThrows('CANNED_REPLY_EXISTS');
    });
  });

  describe('UpdateCannedReply', () => {
    it('changes text and category, keeping the keywords when left out', () => {
      reply
        .given([created])
        .when({ type: 'UpdateCannedReply', data: { text: ' Aceitamos Pix e boleto. ', category: 'support' } })
        .then([
          {
            type: 'CannedReplyUpdated',
            data: {
              cannedReplyId: 'c1',
              text: 'Aceitamos Pix e boleto.',
              category: 'support',
              keywords: 'pix pagamento',
            },
          },
        ]);
    });
    it('clears the keywords with an empty text', () => {
      reply
        .given([created])
        .when({
          type: 'UpdateCannedReply',
          data: { text: 'Aceitamos Pix.', category: 'product', keywords: ' ' },
        })
        .then([
          {
            type: 'CannedReplyUpdated',
            data: { cannedReplyId: 'c1', text: 'Aceitamos Pix.', category: 'product', keywords: '' },
          },
        ]);
    });
    it('changes nothing when nothing differs', () => {
      reply
        .given([created])
        .when({
          type: 'UpdateCannedReply',
          data: { text: 'Aceitamos Pix. ', category: 'product', keywords: 'pix   pagamento' },
        })
        .then([]);
    });
    it('checks the fields as on creation', () => {
      reply
        .given([created])
        .when({ type: 'UpdateCannedReply', data: { text: ' ', category: 'product' } })
        .thenThrows('CANNED_REPLY_TEXT_REQUIRED');
    });
    it('rejects a missing or deleted reply', () => {
      const command = { type: 'UpdateCannedReply' as const, data: { text: 'a', category: 'other' as const } };
      reply.given([]).when(command).thenThrows('CANNED_REPLY_NOT_FOUND', 'Resposta pronta não encontrada');
      reply.given([created, deleted]).when(command).thenThrows('CANNED_REPLY_NOT_FOUND');
    });
  });

  describe('DeleteCannedReply', () => {
    it('deletes once', () => {
      reply.given([created]).when({ type: 'DeleteCannedReply', data: {} }).then([deleted]);
      reply
        .given([created, deleted])
        .when({ type: 'DeleteCannedReply', data: {} })
        .thenThrows('CANNED_REPLY_NOT_FOUND');
      reply.given([]).when({ type: 'DeleteCannedReply', data: {} }).thenThrows('CANNED_REPLY_NOT_FOUND');
    });
  });
});

describe('default canned replies', () => {
  it('are valid replies with distinct keys and texts', () => {
    const keys = DEFAULT_CANNED_REPLIES.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(DEFAULT_CANNED_REPLIES.map((d) => d.text)).size).toBe(keys.length);
    for (const d of DEFAULT_CANNED_REPLIES) {
      const events = cannedReplyDecider.decide(
        { type: 'CreateCannedReply', data: { cannedReplyId: d.key, ...d, createdBy: 'system' } },
        cannedReplyDecider.initialState(),
      );
      expect(events[0]!.data).toMatchObject({ text: d.text, category: d.category, keywords: d.keywords });
    }
    // One of each category first.
    expect(DEFAULT_CANNED_REPLIES.slice(0, 4).map((d) => d.category)).toEqual([
      'greeting',
      'support',
      'product',
      'other',
    ]);
  });
  it('get an id per workspace: the same on every call, another in another workspace', () => {
    const id = defaultCannedReplyId('minha-empresa', 'saudacao-contato');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(defaultCannedReplyId('minha-empresa', 'saudacao-contato')).toBe(id);
    expect(defaultCannedReplyId('outra', 'saudacao-contato')).not.toBe(id);
    expect(defaultCannedReplyId('minha-empresa', 'geral-obrigado')).not.toBe(id);
  });
});
