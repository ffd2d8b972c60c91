/**
 * What the parts of the generated workload (generate-workload.ts) share: the event they yield, the
 * seeded randomness, the clock and the running number of the events being made, and the names and
 * texts they draw from. The back office and the conversations are generated in files of their own.
 */
import type { AtendeEvent } from '@atende/events';

export interface GeneratedEvent {
  streamId: string;
  event: AtendeEvent;
  occurredAt: string;
  actorId?: string;
}

export const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
];
export const CUSTOMER_TEXTS = [
  'Olá, gostaria de saber o prazo de entrega do meu pedido',
  'Bom dia! Vocês têm esse produto em estoque?',
  'Qual é o horário de funcionamento da loja?',
  'Meu pedido chegou com defeito, o que faço?',
  'Posso pagar com Pix?',
];
export const AGENT_TEXTS = [
  'Olá! Obrigado pelo contato. Vou verificar para você.',
  'O prazo de entrega é de 3 a 5 dias úteis.',
  'Sim, aceitamos Pix, cartão e boleto.',
  'Sinto muito pelo ocorrido! Vamos resolver agora mesmo.',
];

/** Small deterministic PRNG so every run generates the same log. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The state of one generation, handed to its parts. */
export interface WorkloadContext {
  ws: string;
  agents: string[];
  /** The seeded random numbers, in [0, 1): every part draws from the same sequence. */
  random(): number;
  pick<T>(list: readonly T[]): T;
  /** The workload's clock (ms), and as an ISO date. */
  clock(): number;
  iso(): string;
  /** The next number of the running sequence that names notes, e-mails and messages. */
  nextSeq(): number;
  emit(streamId: string, event: AtendeEvent, actorId?: string): Generator<GeneratedEvent>;
}
