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
 * The corpus is read by keywords/reader.ts (words and their uses in keywords/lexicon.ts); this file scores terms.
 */

import { Lexicon, Role } from './lexicon';
import { DocTerms } from './columns';
import { Pairs, Reader } from './reader';

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

/** The candidates of one document in parallel arrays: keys, whether each is a pair, scores. */
interface Candidates {
  keys: number[];
  isPair: boolean[];
  /** In millionths: small integers, which cold code compares without boxing them. */
  scores: Int32Array;
}

/** The candidate words and pairs of document d with their TF-IDF scores, words first. */
function candidatesOf(corpus: Corpus, terms: DocTerms, d: number): Candidates {
  const { lex, roles, pairs, wordDf } = corpus;
  const words = terms.words.data;
  const wordTf = terms.wordTf.data;
  const docPairs = terms.pairs.data;
  const pairTf = terms.pairTf.data;
  const wordsFrom = terms.wordStarts[d];
  const wordsTo = terms.wordStarts[d + 1];
  const pairsFrom = terms.pairStarts[d];
  const pairsTo = terms.pairStarts[d + 1];
  const n = Math.max(corpus.docCount, 1);
  const common = n > 4 ? 0.5 * n : Infinity;
  const keys: number[] = [];
  const isPair: boolean[] = [];
  const scores = new Int32Array(wordsTo - wordsFrom + pairsTo - pairsFrom);
  for (let k = wordsFrom; k < wordsTo; k++) {
    const id = words[k];
    const tf = wordTf[k];
    const df = wordDf[id];
    if (df > common || !(roles[id] & Role.Alone)) continue;
    // a keyword is something the abstract repeats, a name, or a noun the corpus uses elsewhere too
    if (tf < 2 && !(roles[id] & Role.Name) && (df < 2 || lex.final[id] === 0)) continue;
    scores[keys.length] = Math.round(1e6 * (1 + Math.log(tf)) * (Math.log((1 + n) / (1 + df)) + 1));
    keys.push(id);
    isPair.push(false);
  }
  for (let k = pairsFrom; k < pairsTo; k++) {
    const p = docPairs[k];
    const tf = pairTf[k];
    const df = pairs.df(p);
    if (df < 2 || df > common || pairs.fragment(p)) continue;
    const first = pairs.first(p);
    const second = pairs.second(p);
    if (!(roles[first] & Role.Start) || !(roles[second] & Role.End)) continue;
    // words that mostly occur together make a term; a chance pairing ranks lower
    const together = pairs.count(p) / Math.min(lex.count[first], lex.count[second]);
    scores[keys.length] = Math.round(
      1e6 * (1 + Math.log(tf)) * (Math.log((1 + n) / (1 + df)) + 1) * 1.6 * (0.7 + 0.6 * Math.min(1, together)),
    );
    keys.push(p);
    isPair.push(true);
  }
  return { keys, isPair, scores };
}

/** The most informative terms of document d by TF-IDF, a term preferred over its own words. */
function topTerms(corpus: Corpus, terms: DocTerms, d: number, limit: number): Scored[] {
  const { pairs } = corpus;
  const { keys, isPair, scores } = candidatesOf(corpus, terms, d);
  const chosen: Scored[] = [];
  const inPair = (id: number, s: Scored): boolean =>
    s.pair && (pairs.first(s.key) === id || pairs.second(s.key) === id);
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
        for (let i = chosen.length - 1; i >= 0; i--)
          if (!chosen[i].pair && inPair(chosen[i].key, s)) chosen.splice(i, 1);
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
export function keywordsForCorpus(abstracts: readonly string[], limit = 8): string[][] {
  const reader = new Reader();
  for (const a of abstracts) reader.read(a);
  reader.countFollowers();
  const { lex, pairs, wordDf, terms } = reader;
  const corpus: Corpus = { lex, roles: lex.roles(), pairs, wordDf, docCount: abstracts.length };
  const chosen: Scored[][] = [];
  for (let d = 0; d < terms.docCount; d++) chosen.push(topTerms(corpus, terms, d, limit));
  return written(reader, chosen);
}
