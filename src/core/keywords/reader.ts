/**
 * Reads the abstracts of a corpus for keywords.ts in one pass each: the words (Lexicon), the pairs of
 * adjacent content words with their counts and written forms, and each abstract's terms with their counts.
 * Words are interned to integer ids, pairs to dense indices, and the tokens kept as typed arrays: this runs
 * on every load, mostly before any of it is optimized.
 */

import { pluralForm, tokenColumns, TokenColumns } from '../text';
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
    if (this.firstWeight === 0 || (form === this.first && next === this.firstNext)) {
      this.first = form;
      this.firstNext = next;
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

/** Word ids below this make pair keys that stay small integers. */
const KEY_BASE = 1 << 15;

/**
 * Pairs of adjacent content words, interned to dense indices, with their corpus counts, how they are
 * written, and the word that most often follows them.
 */
export class Pairs {
  /** Pair index by first * KEY_BASE + second (both ids below KEY_BASE: small-integer keys) ... */
  private readonly index = new Map<number, number>();
  /** ... or by "first second" for larger ids. */
  private readonly bigIndex = new Map<string, number>();
  readonly first: number[] = [];
  readonly second: number[] = [];
  readonly count: number[] = [];
  readonly df: number[] = [];
  /** Last document that counted toward df. */
  readonly lastDoc: number[] = [];
  readonly forms: WrittenForms[] = [];
  /** Majority vote over the content words that follow the pair (-1: none), and its margin. */
  readonly follower: number[] = [];
  readonly votes: number[] = [];
  /** Occurrences followed by the voted word (counted in a second pass). */
  readonly followed: number[] = [];

  intern(first: number, second: number): number {
    const small = first < KEY_BASE && second < KEY_BASE;
    let p = small ? this.index.get(first * KEY_BASE + second) : this.bigIndex.get(`${first} ${second}`);
    if (p === undefined) {
      p = this.first.length;
      if (small) this.index.set(first * KEY_BASE + second, p);
      else this.bigIndex.set(`${first} ${second}`, p);
      this.first.push(first);
      this.second.push(second);
      this.count.push(0);
      this.df.push(0);
      this.lastDoc.push(-1);
      this.forms.push(new WrittenForms());
      this.follower.push(-1);
      this.votes.push(0);
      this.followed.push(0);
    }
    return p;
  }

  /** One step of the majority vote for the word after pair p. */
  vote(p: number, next: number): void {
    if (this.votes[p] === 0) {
      this.follower[p] = next;
      this.votes[p] = 1;
    } else if (this.follower[p] === next) this.votes[p]++;
    else this.votes[p]--;
  }

  /** A piece of a longer term: nearly always followed by the same word ("Markov decision [process]"). */
  fragment(p: number): boolean {
    return this.followed[p] >= 2 && this.followed[p] >= 0.6 * this.count[p];
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

/**
 * The tokens of all abstracts as numbers, one after the other: per token its word id, Flag bits and the pair
 * starting there (-1: none). Typed arrays, so that the collector never has to copy them.
 */
class TokenStore {
  ids = new Int32Array(1 << 14);
  flags = new Uint8Array(1 << 14);
  pairAt = new Int32Array(1 << 14);
  length = 0;
  /** Where each abstract's tokens start; the last entry is the end. */
  readonly docStarts: number[] = [0];

  add(id: number, flags: number): void {
    if (this.length === this.ids.length) this.grow();
    this.ids[this.length] = id;
    this.flags[this.length] = flags;
    this.pairAt[this.length] = -1;
    this.length++;
  }

  endDoc(): void {
    this.docStarts.push(this.length);
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    this.ids = ids;
    const flags = new Uint8Array(this.flags.length * 2);
    flags.set(this.flags);
    this.flags = flags;
    const pairAt = new Int32Array(this.pairAt.length * 2);
    pairAt.set(this.pairAt);
    this.pairAt = pairAt;
  }
}

/** Term counts of one abstract: word ids and pair indices, each with its count in the abstract. */
export interface DocTerms {
  words: number[];
  wordTf: number[];
  pairs: number[];
  pairTf: number[];
}

/** The corpus being read: its words and pairs, their counts, and scratch space for one abstract's counts. */
export class Reader {
  readonly lex = new Lexicon();
  readonly pairs = new Pairs();
  readonly wordForms: (WrittenForms | undefined)[] = [];
  readonly wordDf: number[] = [];
  readonly tokens = new TokenStore();
  readonly terms: DocTerms[] = [];
  private readonly wordTf: number[] = [];
  private readonly pairTf: number[] = [];

  /** Reads one abstract: word statistics, written forms, and its words and pairs with their counts. */
  read(abstract: string): void {
    const { lex, tokens } = this;
    const text = abstract.includes('://') || abstract.includes('www.') ? abstract.replace(URL, (u) => ' '.repeat(u.length)) : abstract;
    const cols = tokenColumns(text);
    const from = tokens.length;
    this.internTokens(text, cols);
    const { ids, flags } = tokens;
    const { surfaces, norms } = cols;
    const terms: DocTerms = { words: [], wordTf: [], pairs: [], pairTf: [] };
    for (let i = 0; i < norms.length; i++) {
      const at = from + i;
      const id = ids[at];
      lex.count[id]++;
      const prev = i > 0 && flags[at - 1] & Flag.Joined ? ids[at - 1] : -1;
      if (prev >= 0 && lex.cues[id] & Cue.Of) lex.beforeOf[prev]++;
      if (!lex.content[id]) continue;
      // a capital at a sentence start says little about how a word is written: such forms count little, in lower case
      const initial = (flags[at] & Flag.Initial) !== 0;
      const surface = initial ? lowerFirst(surfaces[i]) : surfaces[i];
      const weight = initial ? 1 : 10;
      (this.wordForms[id] ??= new WrittenForms()).add(surface, weight);
      if (this.wordTf[id]++ === 0) {
        terms.words.push(id);
        this.wordDf[id]++;
      }
      this.noteContext(surfaces[i], norms[i], at, prev);
      // a pair: this word and the next content word, this one not a plural ("models exhibit")
      if (flags[at] & Flag.Joined && !(flags[at] & Flag.Plural) && lex.content[ids[at + 1]]) this.notePair(at, surface, surfaces[i + 1], weight, terms);
    }
    for (let k = 0; k < terms.words.length; k++) {
      terms.wordTf.push(this.wordTf[terms.words[k]]);
      this.wordTf[terms.words[k]] = 0;
    }
    for (let k = 0; k < terms.pairs.length; k++) {
      terms.pairTf.push(this.pairTf[terms.pairs[k]]);
      this.pairTf[terms.pairs[k]] = 0;
    }
    tokens.endDoc();
    this.terms.push(terms);
  }

  /** Word ids and position flags of one abstract's tokens, added to the token store. */
  private internTokens(text: string, cols: TokenColumns): void {
    const { norms, surfaces, starts, sentences } = cols;
    const n = norms.length;
    for (let i = 0; i < n; i++) {
      const id = this.lex.intern(norms[i]);
      if (id >= this.wordDf.length) this.grow(id);
      let f = i === 0 || sentences[i - 1] !== sentences[i] ? Flag.Initial : 0;
      if (i + 1 < n && sentences[i + 1] === sentences[i] && adjacent(text, starts[i] + surfaces[i].length, starts[i + 1])) f |= Flag.Joined;
      if (pluralForm(surfaces[i], norms[i])) f |= Flag.Plural;
      this.tokens.add(id, f);
    }
  }

  /** Counts the pair of content words starting at token `at`. */
  private notePair(at: number, surface: string, nextSurface: string, weight: number, terms: DocTerms): void {
    const { lex, pairs, tokens } = this;
    const { ids, flags } = tokens;
    const docIndex = this.terms.length;
    const p = pairs.intern(ids[at], ids[at + 1]);
    tokens.pairAt[at] = p;
    while (this.pairTf.length <= p) this.pairTf.push(0);
    if (this.pairTf[p]++ === 0) terms.pairs.push(p);
    pairs.count[p]++;
    if (pairs.lastDoc[p] !== docIndex) {
      pairs.lastDoc[p] = docIndex;
      pairs.df[p]++;
    }
    pairs.forms[p].add(surface, weight, nextSurface);
    // the word after the pair, when it continues the phrase (the store holds this abstract's tokens up to its end)
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
    const inPhrase = prev < 0 || (lex.content[prev] && !afterPlural) || (lex.cues[prev] & (Cue.Article | Cue.Preposition)) !== 0;
    if (endsHere && inPhrase) lex.final[id]++;
  }

  /** Counts how often each pair is followed by its voted word, for the fragment rule. */
  countFollowers(): void {
    const { pairs } = this;
    const { ids, flags, pairAt, docStarts } = this.tokens;
    for (let d = 0; d + 1 < docStarts.length; d++) {
      for (let at = docStarts[d]; at + 2 < docStarts[d + 1]; at++) {
        const p = pairAt[at];
        if (p >= 0 && flags[at + 1] & Flag.Joined && pairs.follower[p] === ids[at + 2]) pairs.followed[p]++;
      }
    }
  }
}
