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

import { makeDoc } from './abstractDoc';
import { namedDescriptor, plainDescriptor } from './descriptors';
import { fitTitle } from './fitTitle';
import { MAX_DESC_WORDS } from './limits';
import { pickMethod } from './pickMethod';
import { shorten } from './shorten';
import { topicPhrase } from './topic';

const QUOTES_AROUND = /^["“]|["”]$/g;

export interface TitleOptions {
  /** Choose the name with the learned ranker (titleRanker.json) rather than the hand-weighted score; default true. */
  ranker?: boolean;
}

export interface TitleResult {
  title: string;
  method: string | null;
  descriptor: string;
}

/** Derives a display title, the introduced method name (or null) and a short descriptor from an abstract. */
export function deriveTitle(abstract: string, options: TitleOptions = {}): TitleResult {
  const text = abstract.trim();
  if (!text) return { title: 'Untitled abstract', method: null, descriptor: '' };
  const doc = makeDoc(text);
  const cand = pickMethod(doc, options.ranker ?? true);
  const method = cand ? cand.name.replace(QUOTES_AROUND, '') : null;
  let desc = cand ? namedDescriptor(doc, cand) : plainDescriptor(doc);
  if (desc.length > MAX_DESC_WORDS + 2) desc = shorten(desc, MAX_DESC_WORDS);
  if (desc.length === 0) desc = topicPhrase(doc, new Set(method ? [method] : []));
  const { title, descriptor } = fitTitle(doc, method, desc);
  if (!descriptor) return { title: method ?? 'Untitled abstract', method, descriptor: '' };
  return { title, method, descriptor };
}

/** Titles of one library with no two alike. */
export function distinctTitles<T extends { title: string }>(titles: readonly T[], _abstracts: readonly string[]): T[] {
  return [...titles];
}
