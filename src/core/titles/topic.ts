/**
 * What an abstract is about when no sentence names a contribution: the gerund subject of a framing sentence
 * ("Training web agents with RL is ..."), the first sentence's subject, or its most salient noun phrase.
 */

import { type Doc, normWord } from './abstractDoc';
import { caseWord, cleanPhrase } from './cleanPhrase';
import { MAX_DESC_WORDS } from './limits';
import { isStopCapital, singular } from './nameShapes';
import { phraseFrom } from './nounPhrases';
import { parenAt } from './parentheses';
import { badEnd, shorten } from './shorten';
import { type Tok, breaksAfter, startsLower } from './tokens';
import { ANAPHORA, LY_NOUNS, badFinal, badFirstTok, isParticiple } from './wordClasses';
import { memoByWord } from './wordMemo';
import {
  ADJ,
  ADVERBS,
  FUNC,
  GENERIC_HEADS,
  HYPE,
  NOUN_EXCEPTIONS,
  PHRASE_STOP,
  PLACEHOLDERS,
  VERBS,
  set,
} from './wordLists';

/** Gerund subject of a sentence: "Training vision-language web agents with multi-step RL is compute-intensive". */
function gerundSubject(doc: Doc, sent: number): string[] {
  const { toks } = doc;
  let i = toks.findIndex((t) => t.sent === sent);
  if (i < 0) return [];
  let lowerOk = false;
  if (
    /^(however|yet|but|moreover|still|thus|therefore|unfortunately|nevertheless|meanwhile|importantly|crucially)$/i.test(
      toks[i].lower,
    ) &&
    /,/.test(toks[i].post)
  ) {
    i++;
    lowerOk = true;
  }
  const g = toks[i];
  if (
    !g ||
    !(lowerOk ? /^[A-Za-z][a-z]+ing$/ : /^[A-Z][a-z]+ing$/).test(g.core) ||
    g.core.length < 6 ||
    isStopCapital(g.core) ||
    g.sent !== sent
  )
    return [];
  const out: Tok[] = [g];
  for (let j = i + 1; j < toks.length && toks[j].sent === sent && out.length < 14; j++) {
    const t = toks[j];
    if (
      /^(is|are|was|were|remains|remain|requires|require|has|have|can|could|may|poses|presents|faces|becomes|involves|demands|relies|offers|provides|enables|allows|suffers|struggles|often|typically|still|also|not|helps|plays|leads|yields|demonstrates|shows|makes)$/.test(
        t.lower,
      )
    ) {
      if (out.length < 2) return [];
      const w = shorten(cleanPhrase(doc, out), MAX_DESC_WORDS, 1);
      return w.length >= 2 && w[0].toLowerCase() === g.lower && !w.some((x) => ANAPHORA.test(x.toLowerCase())) ? w : [];
    }
    if (t.pre.includes('(')) {
      const p = parenAt(toks, j);
      if (!p) return [];
      for (let k = p.from; k <= p.to; k++) out.push(toks[k]);
      j = p.to;
      continue;
    }
    if (/[,;:]/.test(out[out.length - 1].post)) return [];
    out.push(t);
  }
  return [];
}

/** The first sentence's subject when it is a compact "X for/of/in Y" phrase. */
function firstSubject(doc: Doc): string[] {
  const { toks } = doc;
  if (
    toks.length === 0 ||
    isStopCapital(toks[0].core) ||
    /^(recent|recently|existing|current|despite|while|although|over|with|as|since|many|most|modern|large|deep|given|when|one|there|it|a|an)$/i.test(
      toks[0].lower,
    )
  )
    return [];
  const ph = phraseFrom(toks, 0, 12);
  const next = toks[ph.length];
  if (ph.length < 3 || !next || next.sent !== 0 || breaksAfter(ph[ph.length - 1])) return [];
  const w = cleanPhrase(doc, ph);
  if (!w.some((x) => /^(for|of|in|with|on)$/.test(x)) || w.length > MAX_DESC_WORDS || badFinal(w[w.length - 1]))
    return [];
  return w;
}

const SIBILANT_END = /(ss|us|is)$/;
const HAS_LETTER = /[a-z]/i;
const COUNT_UNITS = set('percent percentage times point points');
const STARTS_DIGIT = /^\d/;
const ADDRESS_CHARS = /[@/:]/;
const CLOSE_PAREN = /\)/;
const THIRD_PERSON = /^[a-z]+s$/;
const VERB_OBJECT_PREPOSITIONS = set('for to on from with into over across about through');
const ENDS_LOWER = /[a-z]$/;
const PAST_FORM = /^[a-z]+ed$/;
const CLAUSE_SUBJECTS = set('we they it which that who');

/** Lower-case singular form of a word, for counting ("policies" and "policy" count together). */
function topicNorm(core: string): string {
  const l = singular(core).toLowerCase();
  return l.length > 4 && l.endsWith('s') && !SIBILANT_END.test(l) ? l.slice(0, -1) : l;
}

/** The part of nounPhraseWord that depends on the word alone. */
function nounLike(core: string): boolean {
  const l = core.toLowerCase();
  const adverb =
    core === l && (ADVERBS.has(l) || (l.endsWith('ly') && !NOUN_EXCEPTIONS.has(l) && !LY_NOUNS.has(l) && l !== 'only'));
  return (
    HAS_LETTER.test(core) &&
    !FUNC.has(l) &&
    !PHRASE_STOP.has(l) &&
    !VERBS.has(l) &&
    !HYPE.has(l) &&
    !adverb &&
    !isParticiple(l) &&
    !COUNT_UNITS.has(l) &&
    !STARTS_DIGIT.test(core) &&
    !ADDRESS_CHARS.test(core) &&
    !PLACEHOLDERS.has(core)
  );
}

/** What the topic reader needs of a word, cached together: one lookup per token instead of one per fact. */
class TopicWord {
  readonly norm: string;
  readonly nounLike: boolean;
  /** The norm is a generic head ("framework") or an adjective: it adds little to a span's salience. */
  readonly generic: boolean;
  readonly adjective: boolean;
  /** badFinal of the word, on first use (most words never end a candidate span). */
  private final: boolean | undefined = undefined;

  constructor(readonly core: string) {
    this.norm = topicNorm(core);
    this.nounLike = nounLike(core);
    this.generic = GENERIC_HEADS.has(this.norm);
    this.adjective = ADJ.has(this.norm);
  }

  get badFinal(): boolean {
    return (this.final ??= badFinal(this.core));
  }
}

const topicWord = memoByWord((core: string) => new TopicWord(core));

/** True when token i can sit inside a noun phrase (not a function word, verb, adverb, number, symbol ...). */
function nounPhraseWord(toks: Tok[], i: number, nounLikes: boolean[]): boolean {
  const t = toks[i];
  return (
    nounLikes[i] &&
    !(t.pre.includes('(') || CLOSE_PAREN.test(t.post)) &&
    // "learning waits for": a verb after a singular noun, before a preposition
    !(
      THIRD_PERSON.test(t.core) &&
      !SIBILANT_END.test(t.core) &&
      VERB_OBJECT_PREPOSITIONS.has(toks[i + 1]?.lower) &&
      i > 0 &&
      ENDS_LOWER.test(toks[i - 1].core) &&
      !toks[i - 1].core.endsWith('s') &&
      !breaksAfter(toks[i - 1])
    )
  );
}

/** Maximal runs of token positions that can sit in a noun phrase, cut at sentence starts and punctuation. */
function nounChunks(toks: Tok[], nounLikes: boolean[]): number[][] {
  const chunks: number[][] = [];
  let cur: number[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    const ok = nounPhraseWord(toks, i, nounLikes);
    if ((!ok || t.sentStart) && cur.length > 0) {
      chunks.push(cur);
      cur = [];
    }
    if (ok) cur.push(i);
    if (breaksAfter(t) && cur.length > 0) {
      chunks.push(cur);
      cur = [];
    }
  }
  if (cur.length > 0) chunks.push(cur);
  return chunks;
}

const MAX_SPAN = 4;

/**
 * How often each span of up to four words occurs in the chunks ("flow matching": 3), given per span position:
 * spanCount[chunk][start * MAX_SPAN + length - 1].
 */
function spanCounts(chunks: number[][], norms: string[]): number[][] {
  const counts = new Map<string, number>();
  const keys: string[][] = [];
  for (const c of chunks) {
    const ck: string[] = [];
    for (let a = 0; a < c.length; a++) {
      let key = '';
      for (let b = a; b < Math.min(c.length, a + MAX_SPAN); b++) {
        key = b === a ? norms[c[b]] : `${key} ${norms[c[b]]}`;
        ck[a * MAX_SPAN + b - a] = key;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    keys.push(ck);
  }
  return keys.map((ck) => ck.map((k) => counts.get(k) ?? 1));
}

/** Per-abstract counts behind topicPhrase, computed once. */
interface TopicCounts {
  chunks: number[][];
  spanCount: number[][];
  /** Per token: what the word adds to a span's salience (its frequency, little for generic heads and adjectives). */
  weight: number[];
  /** Per token: a common term or a generic head ("framework"). */
  common: boolean[];
  /** Sentences where the authors speak ("we", "our"). */
  weSent: Set<number>;
  /** Per token: its word's facts (norm, badFinal), so that the span loop looks no word up again. */
  words: TopicWord[];
}

const topicCounts = new WeakMap<Doc, TopicCounts>();

function countsOf(doc: Doc): TopicCounts {
  let c = topicCounts.get(doc);
  if (c) return c;
  const { toks } = doc;
  const words: TopicWord[] = [];
  const norms: string[] = [];
  const nounLikes: boolean[] = [];
  for (const t of toks) {
    const w = topicWord(t.core);
    words.push(w);
    norms.push(w.norm);
    nounLikes.push(w.nounLike);
  }
  const tf = new Map<string, number>();
  for (const n of norms) tf.set(n, (tf.get(n) ?? 0) + 1);
  const chunks = nounChunks(toks, nounLikes);
  const weight: number[] = [];
  const common: boolean[] = [];
  for (let i = 0; i < toks.length; i++) {
    const w = words[i];
    weight.push(w.generic || w.adjective ? 0.3 : Math.min(tf.get(w.norm) ?? 1, 6));
    common.push(toks[i].known || w.generic);
  }
  const weSent = new Set<number>();
  for (const t of toks) if (t.lower === 'we' || t.lower === 'our') weSent.add(t.sent);
  c = { chunks, spanCount: spanCounts(chunks, norms), weight, common, weSent, words };
  topicCounts.set(doc, c);
  return c;
}

/** A chunk may not start at position a with a past form right after a clause ("models trained ..."). */
function badSpanStart(toks: Tok[], c: number[], a: number): boolean {
  const first = toks[c[a]];
  if (badFirstTok(first)) return true;
  if (a !== 0 || c[a] === 0 || !PAST_FORM.test(first.core)) return false;
  const prevT = toks[c[a] - 1];
  return (!prevT.sentStart && startsLower(prevT.core) && !FUNC.has(prevT.lower)) || CLAUSE_SUBJECTS.has(prevT.lower);
}

/** True when the span c[a..b] starts the abstract (checks the first word before building the phrase). */
function spanOpensAbstract(doc: Doc, c: number[], a: number, b: number): boolean {
  if (!doc.opening.startsWith(doc.toks[c[a]].core.toLowerCase())) return false;
  return opensAbstract(
    doc,
    c.slice(a, b + 1).map((x) => doc.toks[x].core),
  );
}

/**
 * Salient noun phrase of the abstract (used when nothing better says what it is about), of at least `minWords`
 * words; none of its words in `avoid` (names as written, other words in lower case), all of `must` (lower case).
 */
export function topicPhrase(
  doc: Doc,
  avoid: Set<string>,
  standalone = true,
  minWords = 1,
  must: readonly string[] = [],
): string[] {
  const { toks } = doc;
  const { chunks, spanCount, weight, common, weSent, words } = countsOf(doc);
  let best: number[] = [];
  let bestScore = -Infinity;
  for (let ci = 0; ci < chunks.length; ci++) {
    const c = chunks[ci];
    const sent = toks[c[0]].sent;
    for (let a = 0; a < c.length; a++) {
      if (c[a] === 0) continue; // the abstract's opening words are not a title
      if (badSpanStart(toks, c, a)) continue;
      let sum = 0;
      let allKnown = true;
      let avoided = false;
      for (let b = a; b < Math.min(c.length, a + MAX_SPAN); b++) {
        const t = toks[c[b]];
        sum += weight[c[b]];
        if (!common[c[b]]) allKnown = false;
        if ((t.shape >= 2 && avoid.has(t.base)) || avoid.has(t.lower)) avoided = true;
        const len = b - a + 1;
        if (avoided || allKnown || words[c[b]].badFinal || len < minWords) continue;
        if (must.length > 0 && !must.every((w) => c.slice(a, b + 1).some((x) => toks[x].lower === w))) continue;
        if (len === 1 && (t.shape >= 2 || t.core.length < 5)) continue;
        if ((standalone || len >= 3) && spanOpensAbstract(doc, c, a, b)) continue;
        let score = sum / Math.sqrt(len) + spanCount[ci][a * MAX_SPAN + len - 1] * 1.5 * (len > 1 ? 1 : 0.3);
        if (sent <= 1) score += 1;
        if (weSent.has(sent)) score += 1;
        if (len === 1) score -= 1.5;
        if (len >= 2 && len <= 3) score += 0.5;
        if (score > bestScore) {
          bestScore = score;
          best = c.slice(a, b + 1);
        }
      }
    }
  }
  return best.map((i) => caseWord(doc, toks[i].core, false));
}

/** True when the phrase is the abstract's opening words (a title must not be a truncated first sentence). */
function opensAbstract(doc: Doc, ws: string[]): boolean {
  if (ws.length === 0 || !doc.opening.startsWith(ws[0].toLowerCase())) return false;
  let p = '';
  for (const w of ws) {
    const n = normWord(w);
    if (n) p = p ? `${p} ${n}` : n;
  }
  return p.length > 0 && doc.opening.startsWith(p);
}

/** "Training web agents with multi-step RL" -> "multi-step RL for training web agents". */
function reorderGerund(ws: string[]): string[] {
  for (let i = ws.length - 2; i >= 2; i--) {
    if (!/^(with|via|using|through)$/i.test(ws[i])) continue;
    const means = ws.slice(i + 1);
    const act = ws.slice(0, i);
    if (means.length >= 1 && act.length >= 2 && !badEnd(act) && !badEnd(means)) return [...means, 'for', ...act];
  }
  return [];
}

/** What the abstract is about, from its own framing sentences, else its most salient noun phrase. */
export function aboutPhrase(doc: Doc, avoid: Set<string>, beforeSent = -1, standalone = true): string[] {
  // a standalone title never repeats the abstract's opening words; after a name, a short phrase may
  const opens = (ws: string[]): boolean => (standalone || ws.length >= 3) && opensAbstract(doc, ws);
  const ok = (ws: string[]): string[] => {
    if (ws.length < 2) return [];
    if (!opens(ws)) return ws;
    const r = reorderGerund(ws);
    return r.length >= 3 && r.length <= MAX_DESC_WORDS ? r : [];
  };
  for (let s = beforeSent - 1; s >= 0 && s >= beforeSent - 3; s--) {
    const g = ok(gerundSubject(doc, s));
    if (g.length >= 2) return g;
  }
  const nSent = doc.toks.length ? doc.toks[doc.toks.length - 1].sent + 1 : 0;
  for (let s = 0; s < Math.min(3, nSent); s++) {
    const g = ok(gerundSubject(doc, s));
    if (g.length >= 2) return g;
  }
  const f = firstSubject(doc);
  if (f.length >= 3 && !opens(f)) return f;
  return topicPhrase(doc, avoid, standalone);
}

/** Words a reader reads as words: no formula pieces ("|u|^α", "g₁ᵇ(t)", "mathcal{O}left(") in a title. */
const PLAIN_WORD = /^\p{L}[\p{L}\p{N}'-]*$/u;

/** topicPhrase of plain words only: a phrase with a formula piece is tried again without it, twice at most. */
export function plainTopicPhrase(
  doc: Doc,
  avoid: Set<string>,
  standalone: boolean,
  minWords: number,
  must: readonly string[] = [],
): string[] {
  const without = new Set(avoid);
  for (let tries = 0; tries < 3; tries++) {
    const phrase = topicPhrase(doc, without, standalone, minWords, must);
    const odd = phrase.filter((w) => !PLAIN_WORD.test(w));
    if (odd.length === 0) return phrase;
    for (const w of odd) without.add(w.toLowerCase());
  }
  return [];
}
