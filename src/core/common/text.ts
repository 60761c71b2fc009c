/**
 * Tokenizing and light normalization shared by keywords, titles, themes and related papers.
 * General English and general scientific-writing rules only; nothing specific to one corpus.
 */

export interface Token {
  /** Normalized form: lower case, plural folded ("policies" -> "policy"). */
  norm: string;
  /** The word as written. */
  surface: string;
  /** Offset of the word in the text. */
  start: number;
  /** Index of the sentence the word is in (0-based). */
  sentence: number;
}

/** English function words plus the boilerplate of abstracts ("we propose", "results show"). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above across after again against all almost along already also although always am among an and another any are around as at be became because become been before being below between both but by can could did do does doing done down during each either else enough especially etc even ever every few for from further had has have having he her here hers him his how however i if in into is it its itself just least less like made make makes making many may me might more most much must my neither never no nor not now of off often on once one only onto or other others otherwise our ours out over own per perhaps rather same several shall she should since so some such than that the their theirs them themselves then there therefore these they this those though through thus to together too toward towards under until up upon us very via was we well were what whatever when where whereas whether which while who whom whose why will with within without would yet you your ' +
    // scientific-writing boilerplate: verbs and nouns every abstract uses
    'abstract achieve achieves achieved achieving address addresses addressing approach approaches based benchmark benchmarks best better challenge challenges challenging code conduct consistently demonstrate demonstrates demonstrated despite different effective effectively efficient enable enables enabling existing experiment experiments extensive furthermore given help high highly however improve improved improvement improvements improves improving introduce introduces introduced key large larger leading leverage leverages leveraging limited main method methods moreover new novel outperform outperforms outperforming paper performance present presents previous prior problem problems propose proposed proposes provide provides recent remain remains result results require requires shows show shown significant significantly simple specifically state strong study superior task tasks techniques approach use used uses using various well work works art first second two three four five six seven eight nine ten across including include includes obtain obtained often particular particularly potential propose robust support supports yield yields yielding respectively et al exhibit exhibits explain explains'
  ).split(/\s+/),
);

const PLURAL_ES = /(ches|shes|sses|xes|zzes)$/;
const KEEPS_S = /(ss|us|is|ys)$/;

/** Folds English plurals to the singular ("policies" -> "policy", "models" -> "model"); leaves "ss", "us", "is" words alone. */
export function foldPlural(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && PLURAL_ES.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !KEEPS_S.test(word)) return word.slice(0, -1);
  return word;
}

/** A written plural or third-person form ("models", "allows", "LLMs"), not an "-ics" noun ("robotics"). */
export function pluralForm(surface: string, norm: string): boolean {
  const n = surface.length;
  if (n <= 3 || norm.length >= n || (surface.charCodeAt(n - 1) | 32) !== 115) return false;
  return !((surface.charCodeAt(n - 2) | 32) === 99 && (surface.charCodeAt(n - 3) | 32) === 105);
}

const ACRONYM_PLURAL = /^[A-Z][A-Z0-9]+s$/;

/** Lower-cases a word unless it is an acronym-like token (RL, LLM, GPT-4o, VLAs -> VLA). */
export function normalizeWord(surface: string): string {
  if (surface.endsWith('s') && ACRONYM_PLURAL.test(surface)) return surface.slice(0, -1).toLowerCase();
  return foldPlural(surface.toLowerCase());
}

/**
 * A word: letters and digits (one UTF-16 unit at a time: astral characters are not letters), joined by inner
 * hyphens and apostrophes, or by a point between digits ("GPT-4o", "agent's", "Qwen3-0.6B"). Matched natively:
 * tokenizing runs over every abstract once per reader, mostly before the JavaScript around it is optimized.
 */
const ALNUM = '(?:[A-Za-z0-9]|(?![\\u{10000}-\\u{10FFFF}])[\\p{L}\\p{N}])';
const WORD = new RegExp(`${ALNUM}(?:${ALNUM}|[-'’](?=${ALNUM})|(?<=[0-9])\\.(?=[0-9]))*`, 'uy');
/** What lies between words: anything but a letter or digit of the BMP (astral letters are not letters, see ALNUM). */
const BETWEEN_WORDS = /(?:[^\p{L}\p{N}]|[\u{10000}-\u{10FFFF}])*/uy;

const SENTENCE_END = /[.!?](?=\s+[A-Z(“"]|\s*$)/g;
const ABBREVIATION_END = /\b(e\.g|i\.e|et al|vs|etc|Fig|Eq|cf)\.$/i;

/** Splits text into sentences at ., ! or ? followed by a capital letter (keeps "e.g. x" together). */
export function sentenceOffsets(text: string): number[] {
  const starts = [0];
  // an exec loop on the shared expression: matchAll would clone it and make an iterator on every call
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m !== null; m = SENTENCE_END.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 5), m.index + 1);
    if (ABBREVIATION_END.test(before)) continue;
    starts.push(m.index + 1);
  }
  return starts;
}

/** "agent's" -> "agent". */
function withoutPossessive(word: string): string {
  const len = word.length;
  if (len <= 2) return word;
  const last = word.charCodeAt(len - 1);
  const quote = word.charCodeAt(len - 2);
  return (last === 115 || last === 83) && (quote === 39 || quote === 0x2019) ? word.slice(0, -2) : word;
}

/** The tokens of a text as parallel columns (no object per token): what tokenize returns, for bulk readers. */
export interface TokenColumns {
  norms: string[];
  surfaces: string[];
  starts: number[];
  sentences: number[];
}

/**
 * Word tokens of a text as columns, with their sentence index. Words may hold inner hyphens, apostrophes and
 * decimal points ("Qwen3-0.6B", "GPT-4o"); possessives are dropped ("agent's" -> "agent"); leaked LaTeX
 * commands such as \rightarrow are skipped.
 */
export function tokenColumns(text: string): TokenColumns {
  const out: TokenColumns = { norms: [], surfaces: [], starts: [], sentences: [] };
  scan(text, (surface, start, sentence) => {
    out.norms.push(normalizeWord(surface));
    out.surfaces.push(surface);
    out.starts.push(start);
    out.sentences.push(sentence);
  });
  return out;
}

/** Word tokens of a text, with their sentence index (see tokenColumns). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  scan(text, (surface, start, sentence) => tokens.push({ norm: normalizeWord(surface), surface, start, sentence }));
  return tokens;
}

/**
 * Calls `word` with each word of the text (possessive dropped), its offset and its sentence index: the
 * tokens of tokenize without an object or array per token, for readers that keep only a few of them.
 */
export function scan(text: string, word: (surface: string, start: number, sentence: number) => void): void {
  const starts = sentenceOffsets(text);
  let sentence = 0;
  let nextSentence = starts.length > 1 ? starts[1] : Infinity;
  // two sticky tests per word (skip to the next word, then over it): no match array per word, which over
  // every abstract of an analysis would be a heap of short-lived garbage
  const end = text.length;
  for (let at = 0; ;) {
    BETWEEN_WORDS.lastIndex = at;
    BETWEEN_WORDS.test(text);
    const start = BETWEEN_WORDS.lastIndex;
    if (start >= end) break;
    WORD.lastIndex = start;
    // a letter or digit of the BMP always starts a word; were it not so, step over it rather than start again at 0
    if (!WORD.test(text)) {
      at = start + 1;
      continue;
    }
    at = WORD.lastIndex;
    // the name of a leaked LaTeX command (\rightarrow) is not a word
    if (start > 0 && text.charCodeAt(start - 1) === 92) continue;
    while (nextSentence <= start) {
      sentence++;
      nextSentence = sentence + 1 < starts.length ? starts[sentence + 1] : Infinity;
    }
    word(withoutPossessive(text.slice(start, at)), start, sentence);
  }
}

const NUMBER_LIKE = /^[\d.,%-]+$/;

/** A first character NUMBER_LIKE accepts: most words fail here, without running the expression. */
function mayBeNumber(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 44 || c === 37 || c === 45;
}

/** True for tokens that carry meaning: not a stopword, not a bare number, not an -ly adverb, at least two characters. */
export function isContentWord(norm: string): boolean {
  return (
    norm.length >= 2 &&
    !STOPWORDS.has(norm) &&
    !(mayBeNumber(norm.charCodeAt(0)) && NUMBER_LIKE.test(norm)) &&
    !(norm.length > 5 && norm.endsWith('ly'))
  );
}
