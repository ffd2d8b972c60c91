import { DEFAULT_CANNED_REPLIES } from '@atende/events';
import type { ReplyPair } from '@atende/projector';
import {
  MAX_RANKED,
  buildCannedIndex,
  buildHistoryIndex,
  categorise,
  rankSuggestions,
  timeOfDayTerm,
  type CannedIndex,
} from './rank-suggestions.js';
import { normaliseText, processTerm, termsOf } from './text-match.js';

let n = 0;
function pair(question: string, answer: string): ReplyPair {
  n += 1;
  return {
    n,
    chatId: `chat-${n}@c.us`,
    question,
    answer,
    agentId: 'ana',
    messageId: `out-${n}`,
    at: '2026-11-02T12:00:00.000Z',
  };
}

const PAIRS = [
  pair('qual o prazo de entrega?', 'Para sua região o prazo é de 2 dias úteis pela transportadora.'),
  pair('vocês aceitam pix?', 'Aceitamos sim! A chave Pix é o nosso CNPJ.'),
  pair('meu pedido veio com defeito', 'Que pena! Me mande uma foto que trocamos para você.'),
  pair('Oi', 'Olá! Aqui é a Ana, da Loja. Em que posso ajudar?'),
  pair('Quero trocar o tamanho', 'Claro! Trocas de tamanho são gratuitas em até 30 dias.'),
].reverse(); // newest first, as replyPairs answers

/** A workspace that kept Atende's defaults (ids are their keys here). */
const DEFAULTS = buildCannedIndex(
  DEFAULT_CANNED_REPLIES.map(({ key, text, category, keywords }) => ({ id: key, text, category, keywords })),
);
const NO_CANNED = buildCannedIndex([]);

const rank = (
  message: string | null,
  agentReplies = 0,
  pairs: readonly ReplyPair[] = PAIRS,
  canned: CannedIndex = DEFAULTS,
) => rankSuggestions({ message, agentReplies, history: buildHistoryIndex(pairs), canned });

describe('text matching', () => {
  it('folds accents and case and drops stopwords', () => {
    expect(processTerm('Prazo')).toBe('praz');
    expect(processTerm('Olá')).toBe('ola');
    expect(processTerm('é')).toBeNull();
    expect(processTerm('Qual')).toBeNull();
    expect(termsOf('Qual é o PRAZO de entrega do pedido?')).toEqual(['praz', 'entreg', 'ped']);
    // a light stemmer: verb forms and plurals meet
    expect(termsOf('entregar entregou entregas')).toEqual(['entreg']);
    expect(termsOf('Boa noite')).toEqual(['boa', 'noit']);
    expect(normaliseText('  Olá!!  Tudo   BEM? ')).toBe('ola tudo bem');
  });
});

describe('rankSuggestions', () => {
  it('ranks the team answer to a similar question first, with typos and accents', () => {
    for (const message of [
      'Qual é o prazo de entrega do pedido?',
      'qual o prazo de entega?',
      'QUAL O PRAZO DE ENTRÉGA',
    ]) {
      const [first, ...rest] = rank(message);
      expect(first).toMatchObject({
        text: 'Para sua região o prazo é de 2 dias úteis pela transportadora.',
        source: 'history',
        category: 'product',
      });
      expect(first!.confidence).toBeGreaterThan(rest[0]!.confidence - 1e-9);
      // the canned delivery reply follows close behind
      expect(rest.slice(0, 3).map((s) => s.id)).toContain('canned:produto-prazo-entrega');
    }
  });

  it('answers distinct texts, confidence in 0..1 never rising', () => {
    const all = rank('meu produto veio com defeito, quero trocar');
    expect(all.length).toBeGreaterThan(20);
    expect(all.length).toBeLessThanOrEqual(MAX_RANKED);
    expect(new Set(all.map((s) => normaliseText(s.text))).size).toBe(all.length);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    for (const [i, s] of all.entries()) {
      expect(s.confidence).toBeGreaterThanOrEqual(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(s.confidence).toBeLessThanOrEqual(all[i - 1]!.confidence);
    }
    expect(all[0]).toMatchObject({ source: 'history', text: expect.stringMatching(/foto|Trocas/) });
  });

  it('a first greeting gets greeting replies first', () => {
    const top = rank('Oi, boa noite!').slice(0, 4);
    expect(top.every((s) => s.category === 'greeting')).toBe(true);
    expect(top.map((s) => s.text)).toContain('Boa noite! Como posso ajudar?');
    // no other time of day is guessed
    expect(rank('Oi, boa noite!').map((s) => s.text)).not.toContain('Bom dia! Como posso ajudar?');
  });

  it('once an agent answered, greetings are not pushed first and fill last', () => {
    const first = rank('oi', 0);
    const later = rank('oi', 2);
    expect(first.slice(0, 4).every((s) => s.category === 'greeting')).toBe(true);
    expect(later[0]).toMatchObject({ source: 'history', category: 'greeting' }); // still the best match
    const all = rank('quero devolver', 3);
    expect(all[0]).toMatchObject({ id: 'canned:suporte-troca' });
    const canned = all.filter((s) => s.source === 'canned');
    const firstGreeting = canned.findIndex((s) => s.category === 'greeting');
    expect(canned.slice(firstGreeting).every((s) => s.category === 'greeting')).toBe(true);
    // …whereas before any agent reply they keep the default order (first of all)
    expect(rank('quero devolver', 0)[1]).toMatchObject({ id: 'canned:saudacao-contato' });
  });

  it('a first message that greets and asks is matched on what it asks, with a greeting', () => {
    const top = rank('Bom dia! Vocês aceitam pix?', 0).slice(0, 4);
    expect(top[0]).toMatchObject({ source: 'history', text: 'Aceitamos sim! A chave Pix é o nosso CNPJ.' });
    expect(top.map((s) => s.id)).toContain('canned:saudacao-bom-dia');
    const later = rank('Bom dia! Vocês aceitam pix?', 1);
    expect(later.slice(0, 5).map((s) => s.id)).not.toContain('canned:saudacao-bom-dia');
  });

  it('no customer text: canned suggestions, greetings first', () => {
    for (const message of [null, '', '   ']) {
      const all = rank(message, 0, []);
      expect(all.slice(0, 3).map((s) => s.category)).toEqual(['greeting', 'greeting', 'greeting']);
      expect(all.every((s) => s.source === 'canned')).toBe(true);
      expect(all.map((s) => s.text)).not.toContain('Boa tarde! Como posso ajudar?');
      expect(all).toHaveLength(
        DEFAULT_CANNED_REPLIES.filter((c) => timeOfDayTerm(c.text) === undefined).length,
      );
    }
  });

  it('a message like nothing known still gets canned replies, then the team frequent answers', () => {
    const pairs = [
      pair('x1', 'Resposta comum.'),
      pair('x2', 'Resposta comum.'),
      pair('x3', 'Outra.'),
    ].reverse();
    const all = rank('zzzz qqqq', 1, pairs);
    expect(all.slice(0, 5).every((s) => s.source === 'canned')).toBe(true);
    expect(all.slice(-2).map((s) => [s.text, s.source])).toEqual([
      ['Resposta comum.', 'history'],
      ['Outra.', 'history'],
    ]);
  });

  it('is deterministic', () => {
    expect(rank('Vocês aceitam pix ou cartão?')).toEqual(rank('Vocês aceitam pix ou cartão?'));
    expect(rank('Vocês aceitam pix ou cartão?')[0]).toMatchObject({
      text: 'Aceitamos sim! A chave Pix é o nosso CNPJ.',
      source: 'history',
    });
  });

  it('categorises past answers by the canned reply they resemble', () => {
    expect(categorise('O prazo de entrega é de 10 dias', DEFAULTS)).toBe('product');
    expect(categorise('Olá, tudo bem? Como posso ajudar?', DEFAULTS)).toBe('greeting');
    expect(categorise('xyz', DEFAULTS)).toBe('other');
    // Without canned replies there is nothing to compare with: Geral.
    expect(categorise('O prazo de entrega é de 10 dias', NO_CANNED)).toBe('other');
  });

  it("ranks the workspace's own canned replies, not Atende's defaults", () => {
    const team = buildCannedIndex([
      { id: 'r1', text: 'Olá! Aqui é a Loja da Ana.', category: 'greeting', keywords: '' },
      {
        id: 'r2',
        text: 'Entregamos em 24 horas na capital.',
        category: 'product',
        keywords: 'prazo entrega chega quando',
      },
      { id: 'r3', text: 'Aceitamos somente Pix.', category: 'product', keywords: 'pagamento cartao boleto' },
    ]);
    const all = rank('quando chega minha encomenda?', 1, [], team);
    expect(all[0]).toMatchObject({ id: 'canned:r2', source: 'canned', category: 'product' });
    expect(all.map((s) => s.id)).toEqual(['canned:r2', 'canned:r3', 'canned:r1']);
    const defaults = new Set(DEFAULT_CANNED_REPLIES.map((d) => d.text));
    expect(all.some((s) => defaults.has(s.text))).toBe(false);
    // Matched on the keywords the team wrote: 'cartão' is in none of the texts.
    expect(rank('posso pagar no cartão?', 1, [], team)[0]).toMatchObject({ id: 'canned:r3' });
    // Past answers take the category of the team's reply they resemble.
    expect(categorise('A entrega na capital leva 24 horas', team)).toBe('product');
  });

  it('without canned replies: past answers only, fewer than five (or none) when little matches', () => {
    const history = rank('qual o prazo de entrega?', 0, PAIRS, NO_CANNED);
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((s) => s.source === 'history')).toBe(true);
    expect(history[0]).toMatchObject({
      text: 'Para sua região o prazo é de 2 dias úteis pela transportadora.',
      category: 'other',
    });
    // Nothing matches: the team's frequent answers, one per distinct text.
    expect(rank('zzzz qqqq', 1, PAIRS, NO_CANNED).map((s) => s.source)).toEqual(PAIRS.map(() => 'history'));
    const few = [pair('x1', 'Resposta comum.'), pair('x2', 'Outra.')].reverse();
    expect(rank('zzzz', 1, few, NO_CANNED).map((s) => s.text)).toEqual(['Outra.', 'Resposta comum.']);
    expect(rank('Oi', 0, [], NO_CANNED)).toEqual([]);
    expect(rank(null, 0, [], NO_CANNED)).toEqual([]);
  });

  it('a team greeting with a time of day is offered only when the customer used it', () => {
    expect(timeOfDayTerm('Boa noite! Como posso ajudar?')).toBe('noit');
    expect(timeOfDayTerm('Olá, boa tarde! Em que posso ajudar?')).toBe('tard');
    expect(timeOfDayTerm('  Bom dia, tudo bem?')).toBe('dia');
    expect(timeOfDayTerm('Olá! Tenha um bom dia.')).toBeUndefined();
    expect(timeOfDayTerm('Boa tardezinha')).toBeUndefined();
    const team = buildCannedIndex([
      { id: 'tarde', text: 'Olá, boa tarde! Em que posso ajudar?', category: 'greeting', keywords: '' },
      { id: 'oi', text: 'Oi! Em que posso ajudar?', category: 'greeting', keywords: '' },
    ]);
    expect(rank('Oi, boa tarde', 0, [], team).map((s) => s.id)).toEqual(['canned:tarde', 'canned:oi']);
    expect(rank('Oi, boa noite', 0, [], team).map((s) => s.id)).toEqual(['canned:oi']);
    expect(rank(null, 0, [], team).map((s) => s.id)).toEqual(['canned:oi']);
  });
});

describe("a conversation's own answers", () => {
  it('are never suggested back to it; other conversations still learn from them', () => {
    const [answered] = PAIRS.filter((p) => p.question === 'vocês aceitam pix?');
    const forOther = rankSuggestions({
      message: 'vocês aceitam pix?',
      agentReplies: 1,
      chatId: 'outra-conversa@c.us',
      history: buildHistoryIndex(PAIRS),
      canned: NO_CANNED,
    });
    expect(forOther[0]?.text).toBe(answered!.answer);
    const forItself = rankSuggestions({
      message: 'vocês aceitam pix?',
      agentReplies: 1,
      chatId: answered!.chatId,
      history: buildHistoryIndex(PAIRS),
      canned: NO_CANNED,
    });
    expect(forItself.map((s) => s.text)).not.toContain(answered!.answer);
    expect(forItself.length).toBeGreaterThan(0);
  });
});
