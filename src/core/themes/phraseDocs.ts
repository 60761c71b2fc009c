/**
 * Papers as the theme labeller reads them: content words grouped in phrases (segments: adjacent
 * content words of one sentence with only spaces between), and the phrases of up to
 * MAX_COUNTED_WORDS words each paper holds, as ids in one table.
 *
 * Read from the word streams of vectors.ts when the caller has them (no second tokenization of the
 * corpus), else from the text. How the words are written (capitals, acronym expansions, the
 * stopwords between them) is read from the text only for the papers whose phrases may be shown.
 */

import { isContentWord, pluralForm, Token, tokenize } from '../common';
import { CodeTable } from '../vectors';
import { isPhraseGap } from '../vectors';

/** Longest phrase counted for every paper. */
export const MAX_COUNTED_WORDS = 3;
/** Word ids stay below WORDS; a phrase of up to 3 words has one exact numeric code. */
export const WORDS = 1 << 17;

export const phraseCode = (ids: ArrayLike<number>, from = 0, length = ids.length): number =>
  length === 1
    ? ids[from]
    : length === 2
      ? ids[from] + WORDS * (ids[from + 1] + 1)
      : ids[from] + WORDS * (ids[from + 1] + 1) + WORDS * WORDS * (ids[from + 2] + 1);

/** Word ids of a phrase code. */
export function decodePhrase(code: number): number[] {
  const ids = [code % WORDS];
  for (let rest = Math.floor(code / WORDS); rest > 0; rest = Math.floor(rest / WORDS)) ids.push((rest % WORDS) - 1);
  return ids;
}

/** Words of a phrase code (1–3). */
export const phraseLength = (code: number): number => (code < WORDS ? 1 : code < WORDS * WORDS ? 2 : 3);

const ACRONYM = /[A-Z].*[A-Z]|[A-Z].*\d|\d.*[A-Z]/;
/** Punctuation between two words that ends a clause or opens an aside. */
const CLAUSE_BREAK: ReadonlySet<number> = new Set(Array.from(',;:()[]\u2013\u2014', (c) => c.charCodeAt(0)));

/** A paper's content words (ids of PhraseReader.norms) in reading order, grouped in segments. */
export interface DocPhrases {
  ids: Int32Array;
  /** Segment number of each content word; adjacent words of one segment form phrases. */
  seg: Int32Array;
  /** Sorted ids (in PhraseReader.table) of the phrases of up to MAX_COUNTED_WORDS words in the paper. */
  phrases: Int32Array;
  /** How the words are written; read on first need (see PhraseReader.detail). */
  detail?: DocDetail;
}

export interface DocDetail {
  /** Each content word as written. */
  surfaces: string[];
  /** Per content word: 1 when it starts a sentence, 2 when it spells out an acronym ("Group Relative Policy Optimization (GRPO)"), else 0. */
  initial: Uint8Array;
  /** All tokens' norms (stopwords included), for "X for Y" checks and the words' roles (themes/wordRoles.ts). */
  norms: string[];
  /** The sentence of each token (same indices as norms). */
  sentences: Int32Array;
  /** 1 where a token follows punctuation inside its sentence (",", ";", "(", ...): it opens a clause or an aside. */
  afterPunctuation: Uint8Array;
  /** 1 where a token is written as a plural or third-person form ("models", "designs"). */
  plural: Uint8Array;
}

/** Word streams of the texts, as vectors.ts keeps them (DocVectors.words and .streams). */
export interface WordStreams {
  words: readonly string[];
  /** Per text (same indices as the texts), or undefined where the text must be read again. */
  docs: readonly (Int32Array | undefined)[];
}

/** Reads papers into DocPhrases with shared word ids and one phrase table. */
export class PhraseReader {
  /** Word id -> normalized word. */
  readonly norms: string[] = [];
  readonly table = new CodeTable();
  private readonly vocab = new Map<string, number>();
  /** Stream word id -> word id + 1 (0: not seen yet). */
  private readonly fromStream: Int32Array;

  constructor(
    private readonly texts: readonly string[],
    private readonly streams?: WordStreams,
  ) {
    this.fromStream = new Int32Array(streams ? streams.words.length : 0);
  }

  /** The id of a normalized word, given a new one when there is room; -1 when not. */
  private idOf(norm: string): number {
    let id = this.vocab.get(norm);
    if (id === undefined) {
      if (this.norms.length >= WORDS - 1) return -1;
      id = this.norms.length;
      this.vocab.set(norm, id);
      this.norms.push(norm);
    }
    return id;
  }

  read(i: number): DocPhrases {
    const stream = this.streams?.docs[i];
    return stream ? this.readStream(stream) : this.readText(i);
  }

  /** The written forms of a paper read earlier (tokenizes it once). */
  detail(i: number, doc: DocPhrases): DocDetail {
    if (doc.detail) return doc.detail;
    const text = this.texts[i];
    const tokens = tokenize(text);
    const spelledOut = expansionTokens(text, tokens);
    const surfaces: string[] = [];
    const initial: number[] = [];
    let lastSentence = -1;
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      const isInitial = token.sentence !== lastSentence;
      lastSentence = token.sentence;
      if (!isContentWord(token.norm) || this.vocab.get(token.norm) === undefined) continue;
      surfaces.push(token.surface);
      initial.push(spelledOut.has(t) ? 2 : isInitial ? 1 : 0);
    }
    let detail: DocDetail = { surfaces, initial: Uint8Array.from(initial), ...allTokens(text, tokens) };
    if (surfaces.length !== doc.ids.length) {
      // The stream and this reading disagree (they should not): rebuild the paper from its text.
      const again = this.readText(i);
      doc.ids = again.ids;
      doc.seg = again.seg;
      doc.phrases = again.phrases;
      detail = again.detail!;
    }
    doc.detail = detail;
    return detail;
  }

  private readStream(stream: Int32Array): DocPhrases {
    const words = this.streams!.words;
    const ids = new Int32Array(stream.length);
    const seg = new Int32Array(stream.length);
    let count = 0;
    let segment = 0;
    for (let k = 0; k < stream.length; k++) {
      const w = stream[k] >> 1;
      let id = this.fromStream[w] - 1;
      if (id < 0) {
        id = this.idOf(words[w]);
        if (id >= 0) this.fromStream[w] = id + 1;
      }
      if (id < 0) {
        segment++;
        continue;
      }
      ids[count] = id;
      seg[count++] = segment;
      if ((stream[k] & 1) === 0) segment++;
    }
    return this.withPhrases(ids.subarray(0, count), seg.subarray(0, count));
  }

  private readText(i: number): DocPhrases {
    const text = this.texts[i];
    const tokens = tokenize(text);
    const spelledOut = expansionTokens(text, tokens);
    const ids: number[] = [];
    const seg: number[] = [];
    const surfaces: string[] = [];
    const initial: number[] = [];
    let segment = 0;
    let open = false;
    let lastSentence = -1;
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      const isInitial = token.sentence !== lastSentence;
      lastSentence = token.sentence;
      const id = isContentWord(token.norm) ? this.idOf(token.norm) : -1;
      if (id >= 0) {
        ids.push(id);
        seg.push(segment);
        surfaces.push(token.surface);
        initial.push(spelledOut.has(t) ? 2 : isInitial ? 1 : 0);
        open = true;
      }
      const next = tokens[t + 1];
      const joined =
        id >= 0 &&
        next !== undefined &&
        next.sentence === token.sentence &&
        isContentWord(next.norm) &&
        isPhraseGap(text, token.start + token.surface.length, next.start);
      if (!joined && open) {
        segment++;
        open = false;
      }
    }
    const doc = this.withPhrases(Int32Array.from(ids), Int32Array.from(seg));
    doc.detail = { surfaces, initial: Uint8Array.from(initial), ...allTokens(text, tokens) };
    return doc;
  }

  private withPhrases(ids: Int32Array, seg: Int32Array): DocPhrases {
    const found: number[] = [];
    for (let a = 0; a < ids.length; a++)
      for (let len = 1; len <= MAX_COUNTED_WORDS && a + len <= ids.length && seg[a + len - 1] === seg[a]; len++)
        found.push(this.table.add(phraseCode(ids, a, len)));
    found.sort((x, y) => x - y);
    let unique = 0;
    for (let k = 0; k < found.length; k++) if (k === 0 || found[k] !== found[k - 1]) found[unique++] = found[k];
    return { ids, seg, phrases: Int32Array.from(found.slice(0, unique)) };
  }
}

/** The norms, sentence indices, punctuation marks and plural forms of all tokens, stopwords included. */
function allTokens(
  text: string,
  tokens: Token[],
): Pick<DocDetail, 'norms' | 'sentences' | 'afterPunctuation' | 'plural'> {
  const n = tokens.length;
  const norms = new Array<string>(n);
  const sentences = new Int32Array(n);
  const afterPunctuation = new Uint8Array(n);
  const plural = new Uint8Array(n);
  // plain loops, no slices or callbacks: this runs for most papers, once per analysis, mostly unoptimized
  for (let t = 0; t < n; t++) {
    const token = tokens[t];
    norms[t] = token.norm;
    sentences[t] = token.sentence;
    if (pluralForm(token.surface, token.norm)) plural[t] = 1;
    if (t === 0) continue;
    const prev = tokens[t - 1];
    if (prev.sentence !== token.sentence) continue;
    for (let c = prev.start + prev.surface.length; c < token.start; c++) {
      if (CLAUSE_BREAK.has(text.charCodeAt(c))) {
        afterPunctuation[t] = 1;
        break;
      }
    }
  }
  return { norms, sentences, afterPunctuation, plural };
}

/**
 * Tokens spelling out the acronym that follows them in parentheses, "Group Relative Policy
 * Optimization (GRPO)": their capitals come from the acronym, not from the word.
 */
function expansionTokens(text: string, tokens: Token[]): Set<number> {
  const out = new Set<number>();
  for (let a = 1; a < tokens.length; a++) {
    const acr = tokens[a].surface;
    if (text[tokens[a].start - 1] !== '(' || !ACRONYM.test(acr)) continue;
    const letters = acr
      .replace(/s$/, '')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
    if (letters.length < 2) continue;
    let initials = '';
    for (let b = a - 1; b >= 0 && a - b <= letters.length + 3; b--) {
      if (!isContentWord(tokens[b].norm) && !/^\p{Lu}/u.test(tokens[b].surface)) continue; // "from", "of"
      initials =
        tokens[b].surface
          .split('-')
          .filter((w) => w !== '')
          .map((w) => w[0].toLowerCase())
          .join('') + initials;
      if (initials === letters) {
        for (let c = b; c < a; c++) out.add(c);
        break;
      }
      if (!letters.endsWith(initials)) break;
    }
  }
  return out;
}

/** Calls visit(k) for each position k where the word ids `ids` start a phrase of the paper; stops when visit returns true. */
export function occurrences(doc: DocPhrases, ids: readonly number[], visit: (k: number) => boolean | void): void {
  const n = doc.ids.length;
  const len = ids.length;
  for (let k = 0; k + len <= n; k++) {
    if (doc.ids[k] !== ids[0] || doc.seg[k + len - 1] !== doc.seg[k]) continue;
    let ok = true;
    for (let j = 1; j < len && ok; j++) ok = doc.ids[k + j] === ids[j];
    if (ok && visit(k)) return;
  }
}

export function sortedHas(xs: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] === x) return true;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
