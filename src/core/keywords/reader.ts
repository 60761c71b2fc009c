/**
 * Reads the abstracts of a corpus for keywords.ts in one pass each: the words (Lexicon), the pairs of
 * adjacent content words with their counts and written forms, and each abstract's terms with their counts.
 * Words are interned to integer ids, pairs to dense indices, and what is kept per abstract goes to typed
 * arrays (columns.ts): this runs on every load, mostly before any of it is optimized. Only the abstract being
 * read has its tokens kept, so the memory and the collector's work grow with the vocabulary and the terms,
 * not with every token of the corpus.
 */

import { pluralForm, tokenColumns, TokenColumns } from '../common';
import { CodeTable } from '../vectors';
import { DocTerms, IntColumn } from './columns';
import { MAX_WORDS } from './wordTable';
import { Cue, Lexicon, lowerFirst, nameShaped, URL } from './lexicon';

/** True when text[from, to) is one or two spaces: the words are adjacent, with no punctuation between. */
function adjacent(text: string, from: number, to: number): boolean {
  if (to - from < 1 || to - from > 2) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}

/**
 * Weighted written forms of one word or pair ("RL", "offline RL"): the first form directly, further forms in a
 * map. Weights are integers (10 inside a sentence, 1 at its start) so that counting stays in small integers.
 */
class WrittenForms {
  private first = '';
  /** The second word of a pair's first form. */
  private firstNext = '';
  private firstWeight = 0;
  private more: Map<string, number> | null = null;

  /** Adds a form (of a pair when `next` is given: compared word by word, joined only when it differs). */
  add(form: string, weight: number, next = ''): void {
    if (this.firstWeight === 0) {
      this.first = form;
      this.firstNext = next;
    }
    // an equal form adds its weight without being stored: this object is old, the form young, and a stored
    // one would be copied by the next collection
    if (form === this.first && next === this.firstNext) {
      this.firstWeight += weight;
      return;
    }
    const key = next ? `${form} ${next}` : form;
    this.more ??= new Map();
    this.more.set(key, (this.more.get(key) ?? 0) + weight);
  }

  /** The heaviest form, the alphabetically first on a tie. */
  best(): string {
    let best = this.firstNext ? `${this.first} ${this.firstNext}` : this.first;
    let bestWeight = this.firstWeight;
    this.more?.forEach((w, form) => {
      if (w > bestWeight || (w === bestWeight && form < best)) {
        best = form;
        bestWeight = w;
      }
    });
    return best;
  }
}

/** Pair code: first * KEY_BASE + second, exact in a double (word ids are below MAX_WORDS). */
const KEY_BASE = MAX_WORDS;

/** Where each number of a pair stands among its PAIR_STRIDE integers in Pairs.stats. */
const enum PairField {
  First,
  Second,
  Count,
  Df,
  /** Last document that counted toward df. */
  LastDoc,
  /** Majority vote over the content words that follow the pair (-1: none), and its margin. */
  Follower,
  Votes,
  /** Occurrences followed by the voted word (counted in a second pass, countFollowers). */
  Followed,
}
const PAIR_STRIDE = 8;

/**
 * Pairs of adjacent content words, interned to dense indices, with their corpus counts, how they are
 * written, and the word that most often follows them.
 */
export class Pairs {
  /** Pair index by code, by open addressing: no string or number allocated per lookup, whatever the vocabulary's size. */
  private readonly index = new CodeTable();
  /**
   * The numbers of each pair side by side (PairField), 32 bytes a pair: an occurrence updates several of them, and
   * at 100k abstracts (over a million pairs) an array per number cost a cache miss per number.
   */
  private stats = new Int32Array(PAIR_STRIDE * 1024);
  readonly forms: WrittenForms[] = [];
  /** Every vote, in order: the pair and the word after it, for countFollowers. */
  private readonly votesCast = new IntColumn();

  first(p: number): number {
    return this.stats[p * PAIR_STRIDE + PairField.First];
  }

  second(p: number): number {
    return this.stats[p * PAIR_STRIDE + PairField.Second];
  }

  /** Occurrences of pair p in the corpus. */
  count(p: number): number {
    return this.stats[p * PAIR_STRIDE + PairField.Count];
  }

  /** Abstracts with pair p. */
  df(p: number): number {
    return this.stats[p * PAIR_STRIDE + PairField.Df];
  }

  intern(first: number, second: number): number {
    // the table numbers new codes 0, 1, 2... as this class does its pairs
    const p = this.index.add(first * KEY_BASE + second);
    if (p === this.forms.length) {
      if ((p + 1) * PAIR_STRIDE > this.stats.length) {
        const grown = new Int32Array(this.stats.length * 2);
        grown.set(this.stats);
        this.stats = grown;
      }
      const o = p * PAIR_STRIDE;
      const stats = this.stats;
      stats[o + PairField.First] = first;
      stats[o + PairField.Second] = second;
      stats[o + PairField.LastDoc] = -1;
      stats[o + PairField.Follower] = -1;
      this.forms.push(new WrittenForms());
    }
    return p;
  }

  /** Counts an occurrence of pair p in abstract `doc` (abstracts are read in order). */
  occur(p: number, doc: number): void {
    const o = p * PAIR_STRIDE;
    const stats = this.stats;
    stats[o + PairField.Count]++;
    if (stats[o + PairField.LastDoc] !== doc) {
      stats[o + PairField.LastDoc] = doc;
      stats[o + PairField.Df]++;
    }
  }

  /** One step of the majority vote for the word after pair p. */
  vote(p: number, next: number): void {
    this.votesCast.push(p);
    this.votesCast.push(next);
    const o = p * PAIR_STRIDE;
    const stats = this.stats;
    if (stats[o + PairField.Votes] === 0) {
      stats[o + PairField.Follower] = next;
      stats[o + PairField.Votes] = 1;
    } else if (stats[o + PairField.Follower] === next) stats[o + PairField.Votes]++;
    else stats[o + PairField.Votes]--;
  }

  /** Counts how often each pair was followed by its voted word, once every vote is cast. */
  countFollowers(): void {
    const cast = this.votesCast.data;
    const stats = this.stats;
    for (let k = 0; k < this.votesCast.length; k += 2) {
      const o = cast[k] * PAIR_STRIDE;
      if (stats[o + PairField.Follower] === cast[k + 1]) stats[o + PairField.Followed]++;
    }
  }

  /** A piece of a longer term: nearly always followed by the same word ("Markov decision [process]"). */
  fragment(p: number): boolean {
    const followed = this.stats[p * PAIR_STRIDE + PairField.Followed];
    return followed >= 2 && followed >= 0.6 * this.count(p);
  }
}

const enum Flag {
  /** The token starts a sentence. */
  Initial = 1,
  /** The next token follows in the same sentence with only a space between. */
  Joined = 2,
  /** Written as a plural or third-person form. */
  Plural = 4,
}

/** The tokens of the abstract being read as numbers: per token its word id and Flag bits. Reused from one abstract to the next. */
class DocTokens {
  ids = new Int32Array(1024);
  flags = new Uint8Array(1024);

  /** Room for an abstract of n tokens. */
  reserve(n: number): void {
    if (n <= this.ids.length) return;
    let size = this.ids.length;
    while (size < n) size *= 2;
    this.ids = new Int32Array(size);
    this.flags = new Uint8Array(size);
  }
}

/** The corpus being read: its words and pairs, their counts, and scratch space for one abstract's counts. */
export class Reader {
  readonly lex = new Lexicon();
  readonly pairs = new Pairs();
  readonly wordForms: (WrittenForms | undefined)[] = [];
  readonly wordDf: number[] = [];
  private readonly tokens = new DocTokens();
  readonly terms = new DocTerms();
  private readonly wordTf: number[] = [];
  private readonly pairTf: number[] = [];

  /** Reads one abstract: word statistics, written forms, and its words and pairs with their counts. */
  read(abstract: string): void {
    const { lex, tokens } = this;
    const text =
      abstract.includes('://') || abstract.includes('www.')
        ? abstract.replace(URL, (u) => ' '.repeat(u.length))
        : abstract;
    const cols = tokenColumns(text);
    this.internTokens(text, cols);
    const { ids, flags } = tokens;
    const { surfaces, norms } = cols;
    const { terms } = this;
    const wordsFrom = terms.words.length;
    const pairsFrom = terms.pairs.length;
    for (let at = 0; at < norms.length; at++) {
      const id = ids[at];
      lex.count[id]++;
      const prev = at > 0 && flags[at - 1] & Flag.Joined ? ids[at - 1] : -1;
      if (prev >= 0 && lex.cues[id] & Cue.Of) lex.beforeOf[prev]++;
      if (!lex.content[id]) continue;
      // a capital at a sentence start says little about how a word is written: such forms count little, in lower case
      const initial = (flags[at] & Flag.Initial) !== 0;
      const surface = initial ? lowerFirst(surfaces[at]) : surfaces[at];
      const weight = initial ? 1 : 10;
      (this.wordForms[id] ??= new WrittenForms()).add(surface, weight);
      if (this.wordTf[id]++ === 0) {
        terms.words.push(id);
        this.wordDf[id]++;
      }
      this.noteContext(surfaces[at], norms[at], at, prev);
      // a pair: this word and the next content word, this one not a plural ("models exhibit")
      if (flags[at] & Flag.Joined && !(flags[at] & Flag.Plural) && lex.content[ids[at + 1]])
        this.notePair(at, surface, surfaces[at + 1], weight);
    }
    const words = terms.words.data;
    for (let k = wordsFrom; k < terms.words.length; k++) {
      terms.wordTf.push(this.wordTf[words[k]]);
      this.wordTf[words[k]] = 0;
    }
    const pairs = terms.pairs.data;
    for (let k = pairsFrom; k < terms.pairs.length; k++) {
      terms.pairTf.push(this.pairTf[pairs[k]]);
      this.pairTf[pairs[k]] = 0;
    }
    terms.endDoc();
  }

  /** Word ids and position flags of one abstract's tokens, into the token buffer. */
  private internTokens(text: string, cols: TokenColumns): void {
    const { norms, surfaces, starts, sentences } = cols;
    const n = norms.length;
    this.tokens.reserve(n);
    const { ids, flags } = this.tokens;
    for (let i = 0; i < n; i++) {
      const id = this.lex.intern(norms[i]);
      if (id >= this.wordDf.length) this.grow(id);
      let f = i === 0 || sentences[i - 1] !== sentences[i] ? Flag.Initial : 0;
      if (
        i + 1 < n &&
        sentences[i + 1] === sentences[i] &&
        adjacent(text, starts[i] + surfaces[i].length, starts[i + 1])
      )
        f |= Flag.Joined;
      if (pluralForm(surfaces[i], norms[i])) f |= Flag.Plural;
      ids[i] = id;
      flags[i] = f;
    }
  }

  /** Counts the pair of content words starting at token `at`. */
  private notePair(at: number, surface: string, nextSurface: string, weight: number): void {
    const { lex, pairs, terms } = this;
    const { ids, flags } = this.tokens;
    const docIndex = terms.docCount;
    const p = pairs.intern(ids[at], ids[at + 1]);
    while (this.pairTf.length <= p) this.pairTf.push(0);
    if (this.pairTf[p]++ === 0) terms.pairs.push(p);
    pairs.occur(p, docIndex);
    pairs.forms[p].add(surface, weight, nextSurface);
    // the word after the pair, when it continues the phrase (the abstract's tokens are all interned already)
    if (flags[at + 1] & Flag.Joined && lex.content[ids[at + 2]]) pairs.vote(p, ids[at + 2]);
  }

  private grow(id: number): void {
    while (this.wordDf.length <= id) {
      this.wordDf.push(0);
      this.wordTf.push(0);
      this.wordForms.push(undefined);
    }
  }

  /** What the neighbours of the content word at `at` say about its use (see Lexicon). */
  private noteContext(surface: string, norm: string, at: number, prev: number): void {
    const { lex } = this;
    const { ids, flags } = this.tokens;
    const id = ids[at];
    // a plural noun ends its phrase ("approaches depend on"): English compounds take singular modifiers
    const afterPlural = prev >= 0 && lex.content[prev] && (flags[at - 1] & Flag.Plural) !== 0;
    if (prev >= 0) {
      const cues = lex.cues[prev];
      if (cues & Cue.Article) lex.afterArticle[id]++;
      if (cues & Cue.Verb) lex.afterVerbCue[id] += 2;
      if (cues & Cue.To) lex.afterVerbCue[id] += 1;
      if (cues & Cue.Number) lex.afterNumber[id]++;
    }
    if (!(flags[at] & Flag.Initial)) {
      if (nameShaped(surface, norm)) lex.capitalized[id]++;
      else lex.lower[id]++;
    }
    // a phrase ends here when punctuation, a preposition, a conjunction or a verb follows; it was one when it
    // started the clause or followed a word of a phrase
    const endsHere = !(flags[at] & Flag.Joined) || (lex.cues[ids[at + 1]] & Cue.PhraseEnd) !== 0;
    const inPhrase =
      prev < 0 || (lex.content[prev] && !afterPlural) || (lex.cues[prev] & (Cue.Article | Cue.Preposition)) !== 0;
    if (endsHere && inPhrase) lex.final[id]++;
  }

  /** Counts how often each pair is followed by its voted word, for the fragment rule. */
  countFollowers(): void {
    this.pairs.countFollowers();
  }
}
