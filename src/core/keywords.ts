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
 * - a single word is a keyword when it can stand as a noun phrase, occurs more than once (in the abstract
 *   or the corpus) and is not a bare model size ("7B") or a unit counted by numbers ("percent").
 * Words are interned to integer ids and pairs counted under numeric keys: this runs on every load.
 */

import { isContentWord, tokenize, Token } from './text';

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

/** Written like a name: a capital in it, and in its last part when hyphenated ("MUA-RL", "GPT-4o"; not "LLM-simulated"). */
function nameShaped(surface: string): boolean {
  const dash = surface.lastIndexOf('-');
  if (dash < 0) return surface !== surface.toLowerCase();
  return surface !== surface.toLowerCase() && CAPITAL_OR_DIGIT.test(surface.slice(dash + 1));
}

const enum Cue {
  Article = 1,
  Verb = 2,
  PhraseEnd = 4,
  Number = 8,
  Preposition = 16,
  Of = 32,
  To = 64,
}

/** Every word of the corpus with an integer id and what the corpus shows about its use. */
class Lexicon {
  readonly ids = new Map<string, number>();
  readonly norms: string[] = [];
  /** Keyword material: a content word, not a size or a function word. */
  readonly content: boolean[] = [];
  readonly cues: number[] = [];
  readonly count: number[] = [];
  /** Occurrences that end a noun phrase. */
  readonly final: number[] = [];
  readonly afterArticle: number[] = [];
  readonly afterVerbCue: number[] = [];
  readonly afterNumber: number[] = [];
  /** Occurrences followed by "of" ("number of", "set of"). */
  readonly beforeOf: number[] = [];
  /** Occurrences inside a sentence written with a capital ("CUDA", "Kevin") and in lower case. */
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
  verbal(id: number): boolean {
    return this.afterVerbCue[id] >= 1 && this.afterVerbCue[id] > this.afterArticle[id] && !this.name(id);
  }

  /** Can end a noun phrase: not a verb or an -ed form, and seen ending one unless too rare to tell ("agentic" never does). */
  canEnd(id: number): boolean {
    if (this.name(id)) return true;
    const norm = this.norms[id];
    if (norm.length > 4 && norm.endsWith('ed') && !norm.endsWith('eed')) return false;
    if (this.verbal(id)) return false;
    // a quantity noun needs its "of": "a small number [of]", "a diverse set [of]"
    if (this.settled(id) && this.beforeOf[id] >= 0.5 * this.count[id]) return false;
    return !this.settled(id) || this.final[id] >= 0.1 * this.count[id];
  }

  /** Can open a noun phrase: not a verb, an -ing/-ed form only if also used after an article, an -ly word only if a noun ("family"). */
  canStart(id: number): boolean {
    if (this.name(id)) return true;
    if (this.verbal(id)) return false;
    const norm = this.norms[id];
    if (norm.length > 4 && (norm.endsWith('ing') || (norm.endsWith('ed') && !norm.endsWith('eed')))) return this.afterArticle[id] > 0;
    if (norm.length > 4 && norm.endsWith('ly')) return this.final[id] > 0 && this.final[id] >= 0.1 * this.count[id];
    return true;
  }

  /** A keyword on its own: a noun phrase by itself, not a unit counted by numbers ("percent"). */
  standsAlone(id: number): boolean {
    if (this.name(id)) return true;
    // a noun often ends its phrase; a verb seldom does ("approaches depend on ...")
    if (this.count[id] >= 3 && this.final[id] < 0.2 * this.count[id]) return false;
    return this.canEnd(id) && this.canStart(id) && this.afterNumber[id] * 2 < this.count[id];
  }
}

/** True when text[from, to) is one or two spaces: the words are adjacent, with no punctuation between. */
function adjacent(text: string, from: number, to: number): boolean {
  if (to - from < 1 || to - from > 2) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}

/** A written plural or third-person form ("models", "allows"), not an "-ics" noun ("robotics"). */
function pluralForm(t: Token): boolean {
  const s = t.surface;
  const n = s.length;
  if (n <= 3 || t.norm.length >= n) return false;
  const last = s.charCodeAt(n - 1) | 32;
  if (last !== 115) return false;
  // "-ics" in any case
  return !((s.charCodeAt(n - 2) | 32) === 99 && (s.charCodeAt(n - 3) | 32) === 105);
}

/**
 * One abstract, compactly: per token its word id, where it is written, and facts about its position. The
 * tokens themselves are dropped once read, so that the whole corpus stays small while it is counted.
 */
interface Doc {
  text: string;
  ids: number[];
  starts: number[];
  ends: number[];
  /** initial[i]: token i starts a sentence. */
  initial: boolean[];
  /** joined[i]: token i + 1 follows token i in the same sentence with only a space between. */
  joined: boolean[];
  /** plural[i]: token i is written as a plural or third-person form. */
  plural: boolean[];
  /** pairAt[i]: index of the pair that starts at token i (-1: none); set by countTerms. */
  pairAt: number[];
}

/** Interns the words of one abstract and records what its contexts show about each word. */
function readDoc(lex: Lexicon, abstract: string): Doc {
  const text = abstract.includes('://') || abstract.includes('www.') ? abstract.replace(URL, (u) => ' '.repeat(u.length)) : abstract;
  const toks = tokenize(text);
  const n = toks.length;
  const doc: Doc = { text, ids: [], starts: [], ends: [], initial: [], joined: [], plural: [], pairAt: [] };
  const { ids, joined, plural } = doc;
  for (let i = 0; i < n; i++) {
    const t = toks[i];
    ids.push(lex.intern(t.norm));
    doc.starts.push(t.start);
    doc.ends.push(t.start + t.surface.length);
    doc.initial.push(i === 0 || toks[i - 1].sentence !== t.sentence);
    const next = i + 1 < n ? toks[i + 1] : null;
    joined.push(next !== null && next.sentence === t.sentence && adjacent(text, t.start + t.surface.length, next.start));
    plural.push(pluralForm(t));
    doc.pairAt.push(-1);
  }
  for (let i = 0; i < n; i++) {
    const id = ids[i];
    lex.count[id]++;
    const prev = i > 0 && joined[i - 1] ? ids[i - 1] : -1;
    // a plural noun ends its phrase ("approaches depend on"): English compounds take singular modifiers
    const afterPlural = prev >= 0 && lex.content[prev] && plural[i - 1];
    if (prev >= 0) {
      const cues = lex.cues[prev];
      if (cues & Cue.Article) lex.afterArticle[id]++;
      if (cues & Cue.Verb) lex.afterVerbCue[id]++;
      if (cues & Cue.To) lex.afterVerbCue[id] += 0.5;
      if (cues & Cue.Number) lex.afterNumber[id]++;
      if (lex.cues[id] & Cue.Of) lex.beforeOf[prev]++;
    }
    if (!doc.initial[i]) {
      if (nameShaped(toks[i].surface)) lex.capitalized[id]++;
      else lex.lower[id]++;
    }
    // a phrase ends here when punctuation, a preposition, a conjunction or a verb follows; it was one when it
    // started the clause or followed a word of a phrase
    const endsHere = !joined[i] || (lex.cues[ids[i + 1]] & Cue.PhraseEnd) !== 0;
    const inPhrase = prev < 0 || (lex.content[prev] && !afterPlural) || (lex.cues[prev] & (Cue.Article | Cue.Preposition)) !== 0;
    if (endsHere && inPhrase) lex.final[id]++;
  }
  return doc;
}

/** Term counts of one abstract: word ids and pair indices, each with its count in the abstract. */
interface DocTerms {
  words: Int32Array;
  wordTf: Int32Array;
  pairs: Int32Array;
  pairTf: Int32Array;
}

/**
 * Pairs of adjacent content words, interned to dense indices (the key first * base + second finds them), with
 * their corpus counts and the word that most often follows them.
 */
class Pairs {
  readonly index = new Map<number, number>();
  readonly first: number[] = [];
  readonly second: number[] = [];
  readonly count: number[] = [];
  readonly df: number[] = [];
  /** Last document that counted toward df. */
  readonly lastDoc: number[] = [];
  /** Majority vote over the content words that follow the pair (-1: none), and its margin. */
  readonly follower: number[] = [];
  readonly votes: number[] = [];
  /** Occurrences followed by the voted word (counted in a second pass). */
  readonly followed: number[] = [];

  constructor(readonly base: number) {}

  intern(first: number, second: number): number {
    const key = first * this.base + second;
    let p = this.index.get(key);
    if (p === undefined) {
      p = this.first.length;
      this.index.set(key, p);
      this.first.push(first);
      this.second.push(second);
      this.count.push(0);
      this.df.push(0);
      this.lastDoc.push(-1);
      this.follower.push(-1);
      this.votes.push(0);
      this.followed.push(0);
    }
    return p;
  }

  /** Index of a pair already seen, or -1. */
  find(first: number, second: number): number {
    return this.index.get(first * this.base + second) ?? -1;
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

/** Per-word and per-pair counts of the abstract being read, reset after each (scratch space shared by all abstracts). */
interface Scratch {
  wordTf: Int32Array;
  pairTf: number[];
}

function countTerms(lex: Lexicon, doc: Doc, docIndex: number, pairs: Pairs, wordDf: Int32Array, scratch: Scratch): DocTerms {
  const { ids, joined, plural } = doc;
  const words: number[] = [];
  const docPairs: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (!lex.content[id]) continue;
    if (scratch.wordTf[id]++ === 0) {
      words.push(id);
      wordDf[id]++;
    }
    if (!joined[i] || !lex.content[ids[i + 1]] || plural[i]) continue;
    const p = pairs.intern(id, ids[i + 1]);
    doc.pairAt[i] = p;
    while (scratch.pairTf.length <= p) scratch.pairTf.push(0);
    if (scratch.pairTf[p]++ === 0) docPairs.push(p);
    pairs.count[p]++;
    if (pairs.lastDoc[p] !== docIndex) {
      pairs.lastDoc[p] = docIndex;
      pairs.df[p]++;
    }
    if (joined[i + 1] && lex.content[ids[i + 2]]) pairs.vote(p, ids[i + 2]);
  }
  const terms: DocTerms = { words: Int32Array.from(words), wordTf: new Int32Array(words.length), pairs: Int32Array.from(docPairs), pairTf: new Int32Array(docPairs.length) };
  for (let k = 0; k < words.length; k++) {
    terms.wordTf[k] = scratch.wordTf[words[k]];
    scratch.wordTf[words[k]] = 0;
  }
  for (let k = 0; k < docPairs.length; k++) {
    terms.pairTf[k] = scratch.pairTf[docPairs[k]];
    scratch.pairTf[docPairs[k]] = 0;
  }
  return terms;
}

/** Counts how often each pair is followed by its voted word, for the fragment rule. */
function countFollowers(docs: Doc[], pairs: Pairs): void {
  for (const { ids, joined, pairAt } of docs) {
    for (let i = 0; i + 2 < ids.length; i++) {
      const p = pairAt[i];
      if (p >= 0 && joined[i + 1] && pairs.follower[p] === ids[i + 2]) pairs.followed[p]++;
    }
  }
}

interface Scored {
  /** A word id, or a pair index (pair is true). */
  key: number;
  pair: boolean;
  score: number;
}

/** Everything topTerms reads about the corpus. */
interface Corpus {
  lex: Lexicon;
  pairs: Pairs;
  wordDf: Int32Array;
  docCount: number;
}

/** The most informative terms of one document by TF-IDF, a term preferred over its own words. */
function topTerms(corpus: Corpus, doc: DocTerms, limit: number): Scored[] {
  const { lex, pairs, wordDf } = corpus;
  const n = Math.max(corpus.docCount, 1);
  const idf = (df: number): number => Math.log((1 + n) / (1 + df)) + 1;
  const common = (df: number): boolean => df > 0.5 * n && n > 4;
  const scored: Scored[] = [];
  for (let k = 0; k < doc.words.length; k++) {
    const id = doc.words[k];
    const tf = doc.wordTf[k];
    const df = wordDf[id];
    if (common(df) || !lex.standsAlone(id)) continue;
    // a keyword is something the abstract repeats, a name, or a noun the corpus uses elsewhere too
    if (tf < 2 && !lex.name(id) && (df < 2 || lex.final[id] === 0)) continue;
    scored.push({ key: id, pair: false, score: (1 + Math.log(tf)) * idf(df) });
  }
  for (let k = 0; k < doc.pairs.length; k++) {
    const p = doc.pairs[k];
    const tf = doc.pairTf[k];
    const df = pairs.df[p];
    if (df < 2 || common(df) || pairs.fragment(p)) continue;
    const first = pairs.first[p];
    const second = pairs.second[p];
    if (!lex.canStart(first) || !lex.canEnd(second)) continue;
    // words that mostly occur together make a term; a chance pairing ranks lower
    const together = pairs.count[p] / Math.min(lex.count[first], lex.count[second]);
    scored.push({ key: p, pair: true, score: (1 + Math.log(tf)) * idf(df) * 1.6 * (0.7 + 0.6 * Math.min(1, together)) });
  }
  scored.sort((a, b) => b.score - a.score || Number(a.pair) - Number(b.pair) || a.key - b.key);
  const chosen: Scored[] = [];
  const inPair = (id: number, s: Scored): boolean => s.pair && (pairs.first[s.key] === id || pairs.second[s.key] === id);
  for (const s of scored) {
    if (chosen.length >= limit) break;
    // a pair makes its own words redundant, and a word already inside a chosen pair adds nothing
    if (!s.pair && chosen.some((c) => inPair(s.key, c))) continue;
    if (s.pair) {
      for (let i = chosen.length - 1; i >= 0; i--) if (!chosen[i].pair && inPair(chosen[i].key, s)) chosen.splice(i, 1);
    }
    chosen.push(s);
  }
  return chosen;
}

/** Adds a written form's weight. */
function note(forms: Map<number, Map<string, number>>, key: number, form: string, weight: number): void {
  let m = forms.get(key);
  if (!m) forms.set(key, (m = new Map()));
  m.set(form, (m.get(form) ?? 0) + weight);
}

/** The heaviest form, the alphabetically first on a tie. */
function heaviest(forms: Map<string, number>): string {
  let best = '';
  let bestWeight = -1;
  forms.forEach((w, form) => {
    if (w > bestWeight || (w === bestWeight && form < best)) {
      best = form;
      bestWeight = w;
    }
  });
  return best;
}

/**
 * How the corpus writes the chosen words and pairs: the most common form, a capital at a sentence start
 * counting little ("offline RL", not "Offline RL"); a pair keeps the number its words are written in.
 */
function writtenForms(corpus: Corpus, docs: Doc[], words: Set<number>, chosenPairs: Set<number>): { words: Map<number, string>; pairs: Map<number, string> } {
  const { lex } = corpus;
  const wordForms = new Map<number, Map<string, number>>();
  const pairForms = new Map<number, Map<string, number>>();
  for (const { text, ids, starts, ends, initial, pairAt } of docs) {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const inWords = words.has(id);
      const p = pairAt[i];
      const inPairs = p >= 0 && chosenPairs.has(p);
      if (!inWords && !inPairs) continue;
      const weight = initial[i] ? 0.1 : 1;
      let surface = text.slice(starts[i], ends[i]);
      if (initial[i] && !lex.name(id)) surface = surface[0].toLowerCase() + surface.slice(1);
      if (inWords) note(wordForms, id, surface, weight);
      if (inPairs) note(pairForms, p, `${surface} ${text.slice(starts[i + 1], ends[i + 1])}`, weight);
    }
  }
  const out = { words: new Map<number, string>(), pairs: new Map<number, string>() };
  wordForms.forEach((forms, id) => out.words.set(id, heaviest(forms)));
  pairForms.forEach((forms, p) => out.pairs.set(p, heaviest(forms)));
  return out;
}

/** Keywords for every abstract of a corpus, in input order. */
export function keywordsForCorpus(abstracts: string[], limit = 8): string[][] {
  const lex = new Lexicon();
  const docs = abstracts.map((a) => readDoc(lex, a));
  const pairs = new Pairs(Math.max(lex.norms.length, 1));
  const wordDf = new Int32Array(lex.norms.length);
  const scratch: Scratch = { wordTf: new Int32Array(lex.norms.length), pairTf: [] };
  const terms = docs.map((d, i) => countTerms(lex, d, i, pairs, wordDf, scratch));
  countFollowers(docs, pairs);
  const corpus: Corpus = { lex, pairs, wordDf, docCount: docs.length };
  const chosen = terms.map((d) => topTerms(corpus, d, limit));
  const words = new Set<number>();
  const chosenPairs = new Set<number>();
  for (const list of chosen) for (const s of list) (s.pair ? chosenPairs : words).add(s.key);
  const forms = writtenForms(corpus, docs, words, chosenPairs);
  return chosen.map((list) => list.map((s) => (s.pair ? forms.pairs.get(s.key) : forms.words.get(s.key)) ?? lex.norms[s.pair ? pairs.first[s.key] : s.key]));
}
