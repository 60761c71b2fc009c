/**
 * Keywords of each abstract in a corpus: its most informative words and two-word terms ("offline RL",
 * "flow matching"), as the abstracts write them.
 *
 * Candidates are content words and pairs of adjacent content words. Which of them are terms is decided by
 * general rules of English noun phrases, checked against how the corpus itself uses each word:
 * - a term ends with a word that can end a noun phrase: one the corpus shows followed by punctuation, a
 *   preposition, a conjunction or a verb ("reinforcement learning." yes; "agentic" is always followed by
 *   a noun, so "learning agentic" is a fragment), never with an -ed form ("policy conditioned");
 * - a term does not start with a verb: not with a word the corpus uses after "to", a modal or a pronoun more
 *   than after an article ("perform reasoning"), not with an -ing/-ed form the corpus never uses after an
 *   article ("equipping LLMs"), not with a plural or third-person form ("models exhibit", "allows models");
 * - a pair that is nearly always followed by the same word is a piece of a longer term ("Markov decision");
 * - a pair whose words mostly occur together ranks above a chance pairing;
 * - a single word is a keyword when it can stand as a noun phrase and the abstract repeats it, it is a name,
 *   or the corpus uses it as a noun elsewhere; never a bare model size ("7B") or a unit counted by numbers
 *   ("percent").
 * Words are interned to integer ids, pairs to dense indices, and each abstract is read in one pass that keeps
 * only numbers: this runs on every load, mostly before any of it is optimized.
 */

import { isContentWord, tokenColumns, TokenColumns } from './text';

/** Function words the shared stopword list leaves out; keywords never contain them. */
const MORE_FUNCTION_WORDS = new Set(
  'beyond due whereby thereby hence versus amongst besides albeit unlike alongside regarding concerning throughout whilst instead namely still yes'.split(' '),
);

/** Words after which a word is used as a noun or adjective ("the learning", "a unified ..."). */
const ARTICLES = new Set('the a an this these those our their its each every such any no some'.split(' '));

/** Words after which a word is used as a verb ("can exhibit", "we introduce", "which allows"); "to" also precedes nouns and counts half. */
const VERB_CUES = new Set('can could may might will would should must cannot we they it which who'.split(' '));

const PREPOSITIONS = 'of for in on at as with from by via into onto across over under between among through without within than about against during after before toward towards per';

/** Words before which a noun phrase ends ("learning for", "RL and", "policy is"); "to" and "that" also follow verbs ("tends to", "show that"). */
const PHRASE_ENDERS = new Set(
  `${PREPOSITIONS} and or but is are was were be been can could may might will would should must has have had does do which where while whose who`.split(' '),
);

const PREPOSITION_SET = new Set(PREPOSITIONS.split(' '));

const NUMBER = /^\d[\d.,%]*$/;
const STARTS_DIGIT = /^\d/;
/** A word starting with a digit is a quantity ("7B", "2.5times", "30B-parameter") unless a dimension or generation ("3D", "5G"). */
const DIMENSION = /^\d(?![kmbt])[a-z]$/;
const URL = /\b(?:https?:\/\/|www\.)\S+/g;
const CAPITAL_OR_DIGIT = /[A-Z0-9]/;

const HAS_CAPITAL = /[A-Z]/;
const ORDINARY_CAPITALIZED = /^[A-Z][a-z]+(?:-[a-z]+)*$/;

/** "Offline" -> "offline", "Decision-making" -> "decision-making"; names and acronyms ("ReQueST", "Q-value", "PPO-style") stay. */
const lowerFirst = (s: string): string => (ORDINARY_CAPITALIZED.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

/** Written like a name: a capital in it, and in its last part when hyphenated ("MUA-RL", "GPT-4o"; not "LLM-simulated"). */
function nameShaped(surface: string, norm: string): boolean {
  if (surface === norm || !HAS_CAPITAL.test(surface)) return false;
  const dash = surface.lastIndexOf('-');
  return dash < 0 || CAPITAL_OR_DIGIT.test(surface.slice(dash + 1));
}

/** What a word says about the word after it (or, for "of", before it). */
const enum Cue {
  Article = 1,
  Verb = 2,
  PhraseEnd = 4,
  Number = 8,
  Preposition = 16,
  Of = 32,
  To = 64,
}

/** What the corpus shows a word can do in a term, computed once per word. */
const enum Role {
  Name = 1,
  Start = 2,
  End = 4,
  Alone = 8,
}

/** Every word of the corpus with an integer id and what the corpus shows about its use. */
class Lexicon {
  readonly ids = new Map<string, number>();
  readonly norms: string[] = [];
  /** Keyword material: a content word, not a quantity or a function word. */
  readonly content: boolean[] = [];
  readonly cues: number[] = [];
  readonly count: number[] = [];
  /** Occurrences that end a noun phrase. */
  readonly final: number[] = [];
  readonly afterArticle: number[] = [];
  /** In halves: a modal or pronoun counts 2, "to" (which also precedes nouns) 1. */
  readonly afterVerbCue: number[] = [];
  readonly afterNumber: number[] = [];
  /** Occurrences followed by "of" ("number of", "set of"). */
  readonly beforeOf: number[] = [];
  /** Occurrences inside a sentence written like a name ("CUDA", "Kevin") and otherwise. */
  readonly capitalized: number[] = [];
  readonly lower: number[] = [];

  intern(norm: string): number {
    let id = this.ids.get(norm);
    if (id !== undefined) return id;
    id = this.norms.length;
    this.ids.set(norm, id);
    this.norms.push(norm);
    this.content.push(isContentWord(norm) && !(STARTS_DIGIT.test(norm) && !DIMENSION.test(norm)) && !MORE_FUNCTION_WORDS.has(norm));
    let cues = 0;
    if (ARTICLES.has(norm)) cues |= Cue.Article;
    if (VERB_CUES.has(norm)) cues |= Cue.Verb;
    if (PHRASE_ENDERS.has(norm)) cues |= Cue.PhraseEnd;
    if (NUMBER.test(norm)) cues |= Cue.Number;
    if (PREPOSITION_SET.has(norm)) cues |= Cue.Preposition;
    if (norm === 'of') cues |= Cue.Of;
    if (norm === 'to') cues |= Cue.To;
    this.cues.push(cues);
    this.count.push(0);
    this.final.push(0);
    this.afterArticle.push(0);
    this.afterVerbCue.push(0);
    this.afterNumber.push(0);
    this.beforeOf.push(0);
    this.capitalized.push(0);
    this.lower.push(0);
    return id;
  }

  /** A name or acronym ("CUDA", "EnvFactory", "Kevin"): a noun whatever its contexts. */
  name(id: number): boolean {
    return this.capitalized[id] > this.lower[id];
  }

  /** Seen often enough that missing evidence means something. */
  private settled(id: number): boolean {
    return this.count[id] >= 3;
  }

  /** Used as a verb more than as a noun or adjective. */
  private verbal(id: number): boolean {
    return this.afterVerbCue[id] >= 2 && this.afterVerbCue[id] > 2 * this.afterArticle[id];
  }

  /** Can end a noun phrase: not a verb or an -ed form, and seen ending one unless too rare to tell ("agentic" never does). */
  private canEnd(id: number): boolean {
    const norm = this.norms[id];
    if (norm.length > 4 && norm.endsWith('ed') && !norm.endsWith('eed')) return false;
    if (this.verbal(id)) return false;
    // a quantity noun needs its "of": "a small number [of]", "a diverse set [of]"
    if (this.settled(id) && this.beforeOf[id] >= 0.5 * this.count[id]) return false;
    return !this.settled(id) || this.final[id] >= 0.1 * this.count[id];
  }

  /** Can open a noun phrase: not a verb, an -ing/-ed form only if also used after an article, an -ly word only if a noun ("family"). */
  private canStart(id: number): boolean {
    if (this.verbal(id)) return false;
    const norm = this.norms[id];
    if (norm.length > 4 && (norm.endsWith('ing') || (norm.endsWith('ed') && !norm.endsWith('eed')))) return this.afterArticle[id] > 0;
    if (norm.length > 4 && norm.endsWith('ly')) return this.final[id] > 0 && this.final[id] >= 0.1 * this.count[id];
    return true;
  }

  /** A keyword on its own: a noun phrase by itself ("approaches depend on" is not), not a unit counted by numbers ("percent"). */
  private standsAlone(id: number): boolean {
    if (this.count[id] >= 3 && this.final[id] < 0.2 * this.count[id]) return false;
    return this.canEnd(id) && this.canStart(id) && this.afterNumber[id] * 2 < this.count[id];
  }

  /** The Role bits of every content word. */
  roles(): Uint8Array {
    const roles = new Uint8Array(this.norms.length);
    for (let id = 0; id < roles.length; id++) {
      if (!this.content[id]) continue;
      if (this.name(id)) roles[id] = Role.Name | Role.Start | Role.End | Role.Alone;
      else roles[id] = (this.canStart(id) ? Role.Start : 0) | (this.canEnd(id) ? Role.End : 0) | (this.standsAlone(id) ? Role.Alone : 0);
    }
    return roles;
  }
}

/** True when text[from, to) is one or two spaces: the words are adjacent, with no punctuation between. */
function adjacent(text: string, from: number, to: number): boolean {
  if (to - from < 1 || to - from > 2) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}

/** A written plural or third-person form ("models", "allows", "LLMs"), not an "-ics" noun ("robotics"). */
function pluralForm(surface: string, norm: string): boolean {
  const n = surface.length;
  if (n <= 3 || norm.length >= n || (surface.charCodeAt(n - 1) | 32) !== 115) return false;
  return !((surface.charCodeAt(n - 2) | 32) === 99 && (surface.charCodeAt(n - 3) | 32) === 105);
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
class Pairs {
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
interface DocTerms {
  words: number[];
  wordTf: number[];
  pairs: number[];
  pairTf: number[];
}

/** The corpus being read: its words and pairs, their counts, and scratch space for one abstract's counts. */
class Reader {
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

/** A chosen keyword: a word id, or a pair index (pair is true). */
interface Scored {
  key: number;
  pair: boolean;
}

/** Everything topTerms reads about the corpus. */
interface Corpus {
  lex: Lexicon;
  roles: Uint8Array;
  pairs: Pairs;
  wordDf: number[];
  docCount: number;
}

/** The most informative terms of one document by TF-IDF, a term preferred over its own words. */
function topTerms(corpus: Corpus, doc: DocTerms, limit: number): Scored[] {
  const { lex, roles, pairs, wordDf } = corpus;
  const n = Math.max(corpus.docCount, 1);
  const common = n > 4 ? 0.5 * n : Infinity;
  // candidates in parallel arrays: keys, whether each is a pair, scores
  const keys: number[] = [];
  const isPair: boolean[] = [];
  // scores in millionths: small integers, which cold code compares without boxing them
  const scores = new Int32Array(doc.words.length + doc.pairs.length);
  for (let k = 0; k < doc.words.length; k++) {
    const id = doc.words[k];
    const tf = doc.wordTf[k];
    const df = wordDf[id];
    if (df > common || !(roles[id] & Role.Alone)) continue;
    // a keyword is something the abstract repeats, a name, or a noun the corpus uses elsewhere too
    if (tf < 2 && !(roles[id] & Role.Name) && (df < 2 || lex.final[id] === 0)) continue;
    scores[keys.length] = Math.round(1e6 * (1 + Math.log(tf)) * (Math.log((1 + n) / (1 + df)) + 1));
    keys.push(id);
    isPair.push(false);
  }
  for (let k = 0; k < doc.pairs.length; k++) {
    const p = doc.pairs[k];
    const tf = doc.pairTf[k];
    const df = pairs.df[p];
    if (df < 2 || df > common || pairs.fragment(p)) continue;
    const first = pairs.first[p];
    const second = pairs.second[p];
    if (!(roles[first] & Role.Start) || !(roles[second] & Role.End)) continue;
    // words that mostly occur together make a term; a chance pairing ranks lower
    const together = pairs.count[p] / Math.min(lex.count[first], lex.count[second]);
    scores[keys.length] = Math.round(1e6 * (1 + Math.log(tf)) * (Math.log((1 + n) / (1 + df)) + 1) * 1.6 * (0.7 + 0.6 * Math.min(1, together)));
    keys.push(p);
    isPair.push(true);
  }
  const chosen: Scored[] = [];
  const inPair = (id: number, s: Scored): boolean => s.pair && (pairs.first[s.key] === id || pairs.second[s.key] === id);
  // best first (on a tie a word before a pair, then the lower key)
  const before = (a: number, b: number): boolean =>
    scores[a] > scores[b] || (scores[a] === scores[b] && (isPair[a] !== isPair[b] ? !isPair[a] : keys[a] < keys[b]));
  const taken = new Uint8Array(keys.length);
  /** Takes candidates from `pool` best first until the list is full or the pool is used up. */
  const choose = (pool: number[]): void => {
    for (let left = pool.length; left > 0 && chosen.length < limit; left--) {
      let best = -1;
      for (let j = 0; j < pool.length; j++) {
        const k = pool[j];
        if (!taken[k] && (best < 0 || before(k, best))) best = k;
      }
      taken[best] = 1;
      const s: Scored = { key: keys[best], pair: isPair[best] };
      // a pair makes its own words redundant, and a word already inside a chosen pair adds nothing
      if (!s.pair && chosen.some((c) => inPair(s.key, c))) continue;
      if (s.pair) {
        for (let i = chosen.length - 1; i >= 0; i--) if (!chosen[i].pair && inPair(chosen[i].key, s)) chosen.splice(i, 1);
      }
      chosen.push(s);
    }
  };
  // only the few best are ever looked at: first the candidates scoring at least the 3 * limit-th best score
  // (found by a native sort), then, only if redundant ones left room, all the others
  const n2 = keys.length;
  const cut = n2 > 3 * limit ? scores.slice(0, n2).sort()[n2 - 3 * limit] : -Infinity;
  const top: number[] = [];
  const rest: number[] = [];
  for (let k = 0; k < n2; k++) (scores[k] >= cut ? top : rest).push(k);
  choose(top);
  if (chosen.length < limit) choose(rest);
  return chosen;
}

/** Keywords as the corpus most often writes them. */
function written(reader: Reader, chosen: Scored[][]): string[][] {
  const { pairs, wordForms } = reader;
  return chosen.map((list) => list.map((s) => (s.pair ? pairs.forms[s.key] : wordForms[s.key]!).best()));
}

/** Keywords for every abstract of a corpus, in input order. */
export function keywordsForCorpus(abstracts: string[], limit = 8): string[][] {
  const reader = new Reader();
  for (const a of abstracts) reader.read(a);
  reader.countFollowers();
  const { lex, pairs, wordDf, terms } = reader;
  const corpus: Corpus = { lex, roles: lex.roles(), pairs, wordDf, docCount: abstracts.length };
  return written(reader, terms.map((d) => topTerms(corpus, d, limit)));
}
