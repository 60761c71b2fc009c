/**
 * What a single word looks like as a name: its base without a size suffix, its shape (Title-case, acronym,
 * coined), whether it is a common acronym or term, or a member of a well-known model family.
 * Computed once per distinct word and cached: the same words come back in every abstract.
 */

import { KNOWN, KNOWN_FAMILY, PLACEHOLDERS, set } from './wordLists';

/** Facts about one word, computed together. */
export interface WordInfo {
  lower: string;
  /** The word without a model-size or version suffix: "RubricEM-8B" -> "RubricEM". */
  base: string;
  /** See shapeOf. */
  shape: number;
  /** A common acronym, term or placeholder: never an introduced name. */
  known: boolean;
  /** From a well-known family ("Qwen3-8B") or made only of common acronyms ("LLM-RL"). */
  familiar: boolean;
}

const SIZE_SUFFIX = /(-(\d+(\.\d+)?[BM]|\d+x\d+[BM]))(-[A-Za-z]+)?$/;
const TRAILING_HYPHEN = /-$/;

/** The name without a model-size or version suffix (every suffix starts with a hyphen). */
function stripSize(core: string): string {
  if (!core.includes('-')) return core;
  return core.replace(SIZE_SUFFIX, '').replace(TRAILING_HYPHEN, '');
}

const ACRONYM_PLURAL = /^[A-Z][A-Z0-9]+s$/;
const isAcronymPlural = (w: string): boolean => ACRONYM_PLURAL.test(w);

/** "LLMs" -> "LLM"; other words unchanged. */
export const singular = (w: string): string => (isAcronymPlural(w) ? w.slice(0, -1) : w);

const ROMAN_NUMERALS = set('i ii iii iv v vi vii viii ix x xi xii');
const ABBREVIATIONS = set('e.g i.e et al vs etc cf fig eq');
const WEB_ADDRESS = /^www\.|\.(com|org|io|ai|net|edu|html?)$/i;
const ACRONYM_STEM = /^[A-Z0-9]+s?$/;
const LOWER_SUFFIX = /^[a-z]{3,}$/;
const JOINING_PARTS = set('then to and or vs versus');
const ACRONYM_PART = /^[A-Z0-9]+$/;
const TITLE_CASE_PART = /^[A-Z]?[a-z]+$/;

/** Characters that make a token a formula, address or markup rather than a name: @ = < > | / \ ( ) % $ # & ~ */
function isNonNameSymbol(c: number): boolean {
  return (
    c === 64 ||
    c === 61 ||
    c === 60 ||
    c === 62 ||
    c === 124 ||
    c === 47 ||
    c === 92 ||
    c === 40 ||
    c === 41 ||
    c === 37 ||
    c === 36 ||
    c === 35 ||
    c === 38 ||
    c === 126
  );
}

/** Characters that mark a coined name: ^ _ + * . { } */
function isCoinageMark(c: number): boolean {
  return c === 94 || c === 95 || c === 43 || c === 42 || c === 46 || c === 123 || c === 125;
}

/**
 * 0: not name-like; 1: Title-case word; 2: all-caps acronym; 3: coined shape (internal capitals,
 * digits mixed with letters, hyphen + capitals, ^ _ + * . inside). `w` is the base name.
 */
function shapeOfBase(w: string): number {
  if (w.length < 2) return 0;
  let letters = 0;
  let hasUpper = false;
  let hasLower = false;
  let hasDigit = false;
  let special = false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      hasUpper = true;
      letters++;
    } else if (c >= 97 && c <= 122) {
      hasLower = true;
      letters++;
    } else if (c >= 48 && c <= 57) hasDigit = true;
    else if (isNonNameSymbol(c)) return 0;
    else if (isCoinageMark(c)) special = true;
  }
  if (letters === 0 || !hasUpper) return 0;
  const first = w.charCodeAt(0);
  if (first >= 48 && first <= 57) return 0;
  // Q-learning, K-means, X-ray
  if (
    w.charCodeAt(1) === 45 &&
    first >= 65 &&
    first <= 90 &&
    w.length > 2 &&
    w.charCodeAt(2) >= 97 &&
    w.charCodeAt(2) <= 122
  )
    return 0;
  if (w.length <= 4) {
    const l = w.toLowerCase();
    if (ROMAN_NUMERALS.has(l) || ABBREVIATIONS.has(l)) return 0;
  }
  if (w.includes('.') && WEB_ADDRESS.test(w)) return 0;
  const parts = w.includes('-') ? w.split('-') : [w];
  if (parts.length > 1) {
    // compound adjectives built on an acronym: "LLM-based", "GRPO-style", "SFT-then-RL"
    if (LOWER_SUFFIX.test(parts[parts.length - 1]) && ACRONYM_STEM.test(parts[0])) return 0;
    if (
      parts.some((p) => JOINING_PARTS.has(p)) &&
      parts.filter((p) => ACRONYM_PART.test(p)).length === parts.length - 1
    )
      return 0;
  }
  if (!hasLower || isAcronymPlural(w)) {
    if (letters < 2 && !hasDigit) return 0;
    return hasDigit || special ? 3 : 2;
  }
  if (!hasDigit && !special && parts.every((p) => TITLE_CASE_PART.test(p))) return 1;
  return 3;
}

const PLURAL_S = /s$/;

function computeWordInfo(core: string): WordInfo {
  const lower = core.toLowerCase();
  const base = stripSize(core);
  const unsized = singular(base);
  const unsizedLower = unsized.toLowerCase();
  const known = KNOWN.has(unsizedLower) || KNOWN.has(lower) || PLACEHOLDERS.has(unsized);
  let familiar = KNOWN_FAMILY.test(unsized);
  if (!familiar && unsizedLower.includes('-'))
    familiar = unsizedLower.split('-').every((p) => KNOWN.has(p) || KNOWN.has(p.replace(PLURAL_S, '')));
  return { lower, base, shape: shapeOfBase(base), known, familiar };
}

const cache = new Map<string, WordInfo>();

/** Facts about a word, cached across abstracts (bounded: the cache is dropped when it grows large). */
export function wordInfo(core: string): WordInfo {
  let info = cache.get(core);
  if (info === undefined) {
    if (cache.size > 20000) cache.clear();
    info = computeWordInfo(core);
    cache.set(core, info);
  }
  return info;
}

/** The name without a model-size or version suffix: "RubricEM-8B" -> "RubricEM". */
export const baseName = (core: string): string => wordInfo(core).base;

/**
 * 0: not name-like; 1: Title-case word; 2: all-caps acronym; 3: coined shape (internal capitals,
 * digits mixed with letters, hyphen + capitals, ^ _ + * . inside).
 */
export const shapeOf = (word: string): number => wordInfo(word).shape;

/** A common acronym, term or placeholder: never an introduced name. */
export const isKnown = (word: string): boolean => wordInfo(word).known;

/** A name from a well-known family ("Qwen3-8B") or made only of common acronyms ("LLM-RL"): a name only when plainly introduced. */
export const isFamiliar = (word: string): boolean => wordInfo(word).familiar;

/** Name-like for the purpose of an introduction: a coined shape or an all-caps acronym, not a known one. */
export const nameLike = (core: string): boolean => {
  const info = wordInfo(core);
  return info.shape >= 2 && !info.known;
};

/** Starts with a capital letter, or is shaped like a name ("mRNA-Seq", "iPhone"). */
export const capitalized = (core: string): boolean => {
  const c = core.charCodeAt(0);
  return (c >= 65 && c <= 90) || wordInfo(core).shape >= 2;
};

const STOP_CAPITALS = set(
  'We Our The This These That In On For To A An It Its By With And Or However Specifically Moreover Furthermore Finally First ' +
    'Second Third Then Based Using Unlike Despite Experiments Results Extensive Empirically Theoretically Notably Overall Together Code',
);

/** Capitalized words that are sentence glue rather than name parts. */
export const isStopCapital = (core: string): boolean => STOP_CAPITALS.has(core);
