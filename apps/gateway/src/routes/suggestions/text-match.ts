import MiniSearch, { type SearchOptions } from 'minisearch';

/** Lower case without accents: 'Olá, É' → 'ola, e'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** A text as compared for duplicates: folded, punctuation and extra spaces dropped. */
export function normaliseText(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Portuguese words too common to say what a message is about (folded). */
const STOPWORDS = new Set(
  (
    'a o as os um uma uns umas de da do das dos em na no nas nos num numa ao aos e ou mas se que ' +
    'por para pra pro com sem sobre entre ate eu tu ele ela vos eles elas me te lhe meu minha ' +
    'meus minhas seu sua seus suas teu tua voce voces vc vcs isso isto esse essa este esta aquele ' +
    'aquela aqui ai la ja so tambem ainda mais muito muita qual quais como quando onde porque pq ' +
    'eh foi ser estar estou sou era tem ter tenho tinha ha vai vou gostaria queria quero ' +
    'saber favor pf pfv'
  ).split(/\s+/),
);

/** Endings stripped by the light stemmer, longest first (plural 's' and the final vowel go after). */
const SUFFIXES = [
  'amento',
  'imento',
  'mente',
  'aram',
  'eram',
  'iram',
  'cao',
  'coe',
  'ando',
  'endo',
  'indo',
  'ado',
  'ada',
  'ido',
  'ida',
  'ou',
  'ei',
  'ar',
  'er',
  'ir',
  'am',
  'em',
];

/**
 * A light Portuguese stemmer, enough for short chat messages: 'entrega', 'entregar' and 'entregou'
 * all give 'entreg'; 'pedidos' and 'pedido' give 'ped'. Words under five letters are kept whole.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length < 5 || /\d/.test(w)) return w;
  if (w.endsWith('s')) w = w.slice(0, -1);
  for (const suffix of SUFFIXES) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length >= 5 && /[aeo]$/.test(w)) w = w.slice(0, -1);
  return w;
}

/**
 * MiniSearch's processTerm for Portuguese: folds case and accents, drops stopwords and
 * one-character terms, and stems (so 'Qual é o prazo de entrega?' and 'qual o prazo p/ entregar'
 * index the same words).
 */
export function processTerm(term: string): string | null {
  const folded = foldText(term);
  if (folded.length < 2 || STOPWORDS.has(folded)) return null;
  return stem(folded);
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The distinct processed terms of a text, in order of appearance. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term) terms.add(term);
  }
  return [...terms];
}

/**
 * Search options for a query given as processed terms (see termsOf): fuzzy (one typo from 5
 * letters, two from 10), prefix (from 4 letters), any term.
 */
export const termSearchOptions: SearchOptions = {
  combineWith: 'OR',
  prefix: (term) => term.length >= 4,
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  tokenize: (query) => query.split(' '),
  processTerm: (term) => term,
};

/** A MiniSearch over `fields` with the Portuguese term processing above. */
export function createIndex<T>(fields: string[]): MiniSearch<T> {
  return new MiniSearch<T>({ fields, storeFields: [], processTerm });
}

/** Searches an index with already processed terms. */
export function searchTerms<T>(index: MiniSearch<T>, terms: readonly string[]) {
  return terms.length === 0 ? [] : index.search(terms.join(' '), termSearchOptions);
}
