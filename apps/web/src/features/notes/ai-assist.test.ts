import { FOLLOW_UP_STEP, NO_DEADLINE_TEXT, improveNote, optimizeStrategy } from './ai-assist';
import { formatDateTime } from './note-format';

describe("'Melhorar com IA' (local)", () => {
  it('fixes spacing, capitals, punctuation and chat shorthand', () => {
    expect(
      improveNote({
        title: '  ligar pro   cliente. ',
        content: 'vc precisa confirmar o pedido hj  ,ele pediu desconto!!!o prazo e amanha',
      }),
    ).toEqual({
      kind: 'improve',
      title: 'Ligar pro cliente',
      content: 'Você precisa confirmar o pedido hoje, ele pediu desconto! O prazo e amanhã.',
    });
  });

  it('structures bullets and semicolon lists (one list), one paragraph per line', () => {
    const { content } = improveNote({
      title: 'Pedido',
      content:
        'itens pendentes:\n- enviar nota fiscal.\n* conferir   endereço\n\ncliente vip; responder rapido;dar brinde',
    });
    expect(content).toBe(
      [
        'Itens pendentes:',
        '',
        '- Enviar nota fiscal',
        '- Conferir endereço',
        '- Cliente vip',
        '- Responder rapido',
        '- Dar brinde',
      ].join('\n'),
    );
  });

  it('leaves decimals, times and addresses alone', () => {
    expect(improveNote({ title: 't', content: 'valor 1.5 às 10:30 em www.loja.com.br' }).content).toBe(
      'Valor 1.5 às 10:30 em www.loja.com.br.',
    );
  });
});

describe("'Otimizar estratégia' (local)", () => {
  it('writes an action plan: objective, next steps, deadline from the reminder', () => {
    const reminder = '2026-12-01T12:30:00.000Z';
    const plan = optimizeStrategy({
      title: 'recuperar cliente',
      content: 'ligar para a Ana. oferecer 10% de desconto\n- enviar proposta por email',
      reminder,
    });
    expect(plan.kind).toBe('strategy');
    expect(plan.title).toBe('Recuperar cliente');
    expect(plan.content).toBe(
      [
        'Objetivo: Recuperar cliente.',
        '',
        'Próximos passos:',
        '1. Ligar para a Ana.',
        '2. Oferecer 10% de desconto.',
        '3. Enviar proposta por email.',
        `4. ${FOLLOW_UP_STEP}.`,
        '',
        `Prazo: ${formatDateTime(reminder)}`,
      ].join('\n'),
    );
  });

  it('says there is no deadline without a reminder, and caps the steps', () => {
    const plan = optimizeStrategy({ title: '', content: 'a. b. c. d. e. f. g.' });
    const lines = plan.content.split('\n');
    expect(lines[0]).toBe('Objetivo: A.');
    expect(lines.filter((l) => /^\d+\. /.test(l))).toHaveLength(6);
    expect(lines.at(-1)).toBe(`Prazo: ${NO_DEADLINE_TEXT}`);
  });
});
