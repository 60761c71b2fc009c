/**
 * Display titles for abstracts that come without one: the name of the method, system, model,
 * benchmark or data set the abstract introduces (when it introduces one), and a short noun phrase
 * saying what the paper is about, both taken from the abstract's own words.
 *
 * Only general rules of scientific English: who is the object of "we propose/introduce/present",
 * "called/named/dubbed X", "X, a novel framework ...", "X (Expanded Acronym)", a coined name that keeps
 * coming back as a subject, and the shape of coined names (internal capitals, digits, hyphen + capitals).
 * Names an abstract only uses or compares against (baselines, benchmarks, model families) are not taken.
 * Pure TypeScript, no I/O.
 *
 * The steps, one module each: abstractDoc (reading the abstract), candidates and readName (names it
 * introduces), pickMethod (which one), descriptors and topic (the describing phrase), fitTitle (the title).
 */

import { type Doc, makeDoc } from './abstractDoc';
import { namedDescriptor, plainDescriptor } from './descriptors';
import { fitTitle } from './fitTitle';

export { distinctTitles } from './distinct';
import { MAX_DESC_WORDS } from './limits';
import { pickMethod } from './pickMethod';
import { shorten } from './shorten';
import { plainTopicPhrase, topicPhrase } from './topic';
import { PRONOUNS } from './wordLists';

const QUOTES_AROUND = /^["“]|["”]$/g;

export interface TitleOptions {
  /**
   * 'learned' (the default): the name chosen by the learned ranker (titleRanker.json), a nameless title of more than
   * two words. 'hand': the hand-weighted choice of name and the short nameless titles that came before, kept so
   * the bench can print both in one run.
   */
  rules?: 'learned' | 'hand';
}

export interface TitleResult {
  title: string;
  method: string | null;
  descriptor: string;
}

const PRONOUN = new RegExp(`^(${PRONOUNS.join('|')})$`, 'i');

/**
 * A nameless title of one or two words ("Steady states", "Training data") says too little to tell papers apart:
 * the abstract's own longer phrase around those words ("spherically symmetric steady states"), else those words
 * joined with the next most salient phrase, else (no words) a salient phrase of three or more words.
 */
function fuller(doc: Doc, desc: string[]): string[] {
  const short = desc.filter((w) => !PRONOUN.test(w));
  const lower = short.map((w) => w.toLowerCase());
  const around = plainTopicPhrase(doc, new Set(PRONOUNS), true, Math.max(3, short.length + 1), lower);
  if (short.length > 0 && around.length > short.length) return around;
  const other = plainTopicPhrase(doc, new Set([...PRONOUNS, ...lower]), false, short.length > 0 ? 2 : 3);
  if (short.length === 0) return other.length > 0 ? other : topicPhrase(doc, new Set(PRONOUNS));
  return other.length > 0 ? [...short, 'and', ...other] : short;
}

/** Derives a display title, the introduced method name (or null) and a short descriptor from an abstract. */
export function deriveTitle(abstract: string, options: TitleOptions = {}): TitleResult {
  const text = abstract.trim();
  if (!text) return { title: 'Untitled abstract', method: null, descriptor: '' };
  const doc = makeDoc(text);
  const learned = (options.rules ?? 'learned') === 'learned';
  const cand = pickMethod(doc, learned);
  const method = cand ? cand.name.replace(QUOTES_AROUND, '') : null;
  let desc = cand ? namedDescriptor(doc, cand) : plainDescriptor(doc);
  if (desc.length > MAX_DESC_WORDS + 2) desc = shorten(desc, MAX_DESC_WORDS);
  if (desc.length === 0) desc = topicPhrase(doc, new Set(method ? [method] : []));
  if (learned && !method && desc.length <= 2) desc = fuller(doc, desc);
  const { title, descriptor } = fitTitle(doc, method, desc);
  if (!descriptor) return { title: method ?? 'Untitled abstract', method, descriptor: '' };
  return { title, method, descriptor };
}
