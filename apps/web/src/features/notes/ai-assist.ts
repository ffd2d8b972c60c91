import { formatDateTime } from './note-format';

/**
 * The note form's AI assistant, made locally (no hosted AI): 'Melhorar com IA' tidies the text
 * (spacing, capitals, punctuation, common chat abbreviations) and structures it into sentences or
 * bullets; 'Otimizar estratégia' turns it into an action plan (objective, next steps, deadline from
 * the reminder). Both only propose: the form shows the proposal with 'Aceitar' / 'Descartar'.
 */

export interface NoteDraft {
  title: string;
  content: string;
  /** ISO instant of the reminder, if any (the plan's deadline). */
  reminder?: string | null;
}

export type ProposalKind = 'improve' | 'strategy';

export interface AiProposal {
  kind: ProposalKind;
  title: string;
  content: string;
}

const word = (w: string) => new RegExp(`(?<![\\p{L}\\d])${w}(?![\\p{L}\\d])`, 'giu');

/** Chat shorthand and accents commonly left out, spelled out. */
const SPELLING: [RegExp, string][] = [
  [word('vcs'), 'vocês'],
  [word('vc'), 'você'],
  [word('voce'), 'você'],
  [word('pq'), 'porque'],
  [word('tbm?'), 'também'],
  [word('tambem'), 'também'],
  [word('q'), 'que'],
  [word('hj'), 'hoje'],
  [word('amanha'), 'amanhã'],
  [word('msg'), 'mensagem'],
  [word('qdo'), 'quando'],
  [word('pra'), 'para'],
  [word('nao'), 'não'],
  [word('entao'), 'então'],
  [word('reuniao'), 'reunião'],
  [word('ligacao'), 'ligação'],
  [word('informacoes'), 'informações'],
  [word('obg'), 'obrigado'],
];

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);

function spell(text: string): string {
  return SPELLING.reduce(
    (out, [pattern, replacement]) =>
      out.replace(pattern, (found) =>
        found.charAt(0) === found.charAt(0).toLocaleUpperCase('pt-BR') && /\p{Lu}/u.test(found.charAt(0))
          ? capitalise(replacement)
          : replacement,
      ),
    text,
  );
}

/** One line of prose: spacing, repeated punctuation, sentence capitals. */
function tidy(text: string): string {
  return spell(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+([,;:!?.])/g, '$1')
    .replace(/([!?,;:])\1+/g, '$1')
    .replace(/\.{4,}/g, '...')
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/([,;!?])(?=\p{L})/gu, '$1 ')
    .replace(/\.(?=\p{Lu})/gu, '. ')
    .replace(
      /(^|[.!?]\s+)(\p{Ll})/gu,
      (_m, lead: string, letter: string) => lead + letter.toLocaleUpperCase('pt-BR'),
    );
}

/** A full sentence: tidy, ending with punctuation. */
function sentence(text: string): string {
  const t = tidy(text);
  if (!t) return '';
  return /[.!?:…]$/.test(t) ? t : `${t}.`;
}

/** A list item: tidy, capitalised, without a closing period or semicolon. */
function item(text: string): string {
  return capitalise(tidy(text).replace(/[.;,]+$/, ''));
}

const BULLET = /^\s*(?:[-*•–]|\d{1,2}[.)])\s+/;

type Block = { kind: 'text'; text: string } | { kind: 'list'; items: string[] };

/** Splits the content into paragraphs and bullet lists (lines starting with -, *, • or 1.). */
function blocksOf(content: string): Block[] {
  const lines = content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const blocks: Block[] = [];
  for (const line of lines) {
    const last = blocks[blocks.length - 1];
    if (BULLET.test(line)) {
      const text = item(line.replace(BULLET, ''));
      if (!text) continue;
      if (last?.kind === 'list') last.items.push(text);
      else blocks.push({ kind: 'list', items: [text] });
      continue;
    }
    // A line of parts separated by ';' reads better as a list.
    const parts = line
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length >= 2) {
      const items = parts.map(item);
      if (last?.kind === 'list') last.items.push(...items);
      else blocks.push({ kind: 'list', items });
      continue;
    }
    const text = sentence(line);
    if (text) blocks.push({ kind: 'text', text });
  }
  return blocks;
}

function render(blocks: Block[]): string {
  return blocks
    .map((b) => (b.kind === 'text' ? b.text : b.items.map((i) => `- ${i}`).join('\n')))
    .join('\n\n');
}

function improveTitle(title: string): string {
  return capitalise(tidy(title).replace(/[.;,]+$/, '')).slice(0, 200);
}

/** 'Melhorar com IA': the same note, tidied and structured. */
export function improveNote(draft: NoteDraft): AiProposal {
  return { kind: 'improve', title: improveTitle(draft.title), content: render(blocksOf(draft.content)) };
}

/** The note's points, one per sentence or bullet, without closing punctuation. */
function pointsOf(content: string): string[] {
  return blocksOf(content).flatMap((b) =>
    b.kind === 'list'
      ? b.items
      : b.text
          .split(/(?<=[.!?])\s+/)
          .map((s) => item(s.replace(/[.!?]+$/, '')))
          .filter(Boolean),
  );
}

export const MAX_PLAN_STEPS = 5;
export const FOLLOW_UP_STEP = 'Registrar o resultado e atualizar esta anotação';
export const NO_DEADLINE_TEXT = "Sem prazo definido (use 'Definir lembrete')";

/** 'Otimizar estratégia': an action plan with the objective, the next steps and the deadline. */
export function optimizeStrategy(draft: NoteDraft): AiProposal {
  const title = improveTitle(draft.title);
  const points = pointsOf(draft.content);
  const objective = title || points[0] || 'Definir o objetivo';
  const steps = points.slice(0, MAX_PLAN_STEPS);
  if (steps.length === 0) steps.push('Levantar as informações necessárias');
  steps.push(FOLLOW_UP_STEP);
  const deadline = draft.reminder ? formatDateTime(draft.reminder) : '';
  const content = [
    `Objetivo: ${objective}.`.replace(/([.!?])\.$/, '$1'),
    '',
    'Próximos passos:',
    ...steps.map((step, i) => `${i + 1}. ${step}.`),
    '',
    `Prazo: ${deadline || NO_DEADLINE_TEXT}`,
  ].join('\n');
  return { kind: 'strategy', title, content };
}
