/** The title reader's tokens: whitespace-separated words with their punctuation split off, sentence numbers and cached word facts. */

import { sentenceOffsets } from '../common';
import { wordInfo } from './nameShapes';
import { KNOWN } from './wordLists';

export interface Tok {
  /** The word without surrounding punctuation. */
  core: string;
  lower: string;
  /** Punctuation stripped from the front ("(", quotes). */
  pre: string;
  /** Punctuation stripped from the end (",", ")", "."), plus any dash tokens that followed. */
  post: string;
  sent: number;
  sentStart: boolean;
  possessive: boolean;
  /** Cached per-word facts: base name, shape, common acronym, familiar family. */
  base: string;
  shape: number;
  known: boolean;
  familiar: boolean;
}

/** How many times the character `c` occurs in `s`. */
export function count(s: string, c: string): number {
  const code = c.charCodeAt(0);
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === code) n++;
  return n;
}

/** Occurrences of the character code `code` in text[from, to). */
function countIn(text: string, from: number, to: number, code: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) n++;
  return n;
}

/** Opening punctuation stripped from the front of a word: ( " ' “ ‘ ` [ { < \ */
function isLeadChar(c: number): boolean {
  return (
    c === 40 ||
    c === 34 ||
    c === 39 ||
    c === 0x201c ||
    c === 0x2018 ||
    c === 96 ||
    c === 91 ||
    c === 123 ||
    c === 60 ||
    c === 92
  );
}

/** Closing punctuation stripped from the end of a word: " ' ” ’ ] , . ; : ! ? > */
function isTrailChar(c: number): boolean {
  return (
    c === 34 ||
    c === 39 ||
    c === 0x201d ||
    c === 0x2019 ||
    c === 93 ||
    c === 44 ||
    c === 46 ||
    c === 59 ||
    c === 58 ||
    c === 33 ||
    c === 63 ||
    c === 62
  );
}

const NON_ASCII_ALNUM = /[\p{L}\p{N}]/u;

/** True when text[from, to) has a letter or digit. */
function hasAlnum(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      (c > 127 && NON_ASCII_ALNUM.test(text[i]))
    )
      return true;
  }
  return false;
}

/** Plain lower-case ASCII word: letters and inner hyphens (most tokens; they skip the word-facts cache). */
const PLAIN_LOWER = /^[a-z][a-z-]*$/;
const PLAIN_LOWER_BEFORE_STOP = /^[a-z][a-z-]*[,.;:]$/;

/** Control characters: separators like spaces (tabs and newlines are already spaces in a normalized text). */
const CONTROL_CHARS = /[\x00-\x1f]/g;

/** The end of the word in w[a, i) once closing punctuation is stripped; unbalanced ")" and "}" are punctuation. */
function coreEndOf(w: string, a: number, i: number): number {
  let end = i;
  let opens = -1;
  let braces = -1;
  while (end > a) {
    const c = w.charCodeAt(end - 1);
    if (isTrailChar(c)) end--;
    else if (c === 41) {
      if (opens < 0) opens = countIn(w, a, end, 40);
      if (opens < countIn(w, a, end, 41)) end--;
      else break;
    } else if (c === 125) {
      if (braces < 0) braces = countIn(w, a, end, 123);
      if (braces < countIn(w, a, end, 125)) end--;
      else break;
    } else break;
  }
  return end;
}

/** A plain lower-case word's token: its word facts need no lookup beyond KNOWN. */
function plainLowerTok(
  core: string,
  pre: string,
  post: string,
  sent: number,
  sentStart: boolean,
  possessive: boolean,
): Tok {
  return {
    core,
    lower: core,
    pre,
    post,
    sent,
    sentStart,
    possessive,
    base: core,
    shape: 0,
    known: KNOWN.has(core),
    familiar: false,
  };
}

/** The token of a word with its punctuation split off; other than plain lower-case words, facts come from the cache. */
function wordTok(core: string, pre: string, post: string, sent: number, sentStart: boolean, possessive: boolean): Tok {
  if (PLAIN_LOWER.test(core)) return plainLowerTok(core, pre, post, sent, sentStart, possessive);
  const info = wordInfo(core);
  return {
    core,
    lower: info.lower,
    pre,
    post,
    sent,
    sentStart,
    possessive,
    base: info.base,
    shape: info.shape,
    known: info.known,
    familiar: info.familiar,
  };
}

/**
 * Whitespace-separated words with their surrounding punctuation split off (pre/post), sentence numbers and
 * cached word facts. Unbalanced closing brackets are punctuation, balanced ones part of the word ("f(x)").
 * Characters up to the space are separators. The text is split natively: this runs on every abstract
 * before any of it is optimized.
 */
export function tokenize(text: string): Tok[] {
  const starts = sentenceOffsets(text);
  const toks: Tok[] = [];
  let sent = 0;
  let lastSent = -1;
  let nextStart = starts.length > 1 ? starts[1] : Infinity;
  const chunks = text.replace(CONTROL_CHARS, ' ').split(' ');
  let start = 0;
  for (let ci = 0; ci < chunks.length; start += chunks[ci].length + 1, ci++) {
    const w = chunks[ci];
    const n = w.length;
    if (n === 0) continue;
    while (nextStart <= start) {
      sent++;
      nextStart = sent + 1 < starts.length ? starts[sent + 1] : Infinity;
    }
    const sentStart = sent !== lastSent;
    lastSent = sent;
    // most words are plain lower-case words, bare or before a comma or stop
    if (PLAIN_LOWER.test(w)) {
      toks.push(plainLowerTok(w, '', '', sent, sentStart, false));
      continue;
    }
    if (PLAIN_LOWER_BEFORE_STOP.test(w)) {
      toks.push(plainLowerTok(w.slice(0, n - 1), '', w.slice(n - 1), sent, sentStart, false));
      continue;
    }
    let a = 0;
    while (a < n && isLeadChar(w.charCodeAt(a))) a++;
    const end = coreEndOf(w, a, n);
    let coreEnd = end;
    let possessive = false;
    if (end - a > 2 && w.charCodeAt(end - 1) === 115) {
      const q = w.charCodeAt(end - 2);
      if ((q === 39 || q === 0x2019) && hasAlnum(w, a, a + 1)) {
        coreEnd = end - 2;
        possessive = true;
      }
    }
    const pre = a === 0 ? '' : w.slice(0, a);
    const post = end === n ? '' : w.slice(end);
    if (!hasAlnum(w, a, coreEnd)) {
      // a dash or other lone symbol: glue it to the previous word's trailing punctuation
      if (sentStart) lastSent = -1;
      if (toks.length > 0 && toks[toks.length - 1].sent === sent)
        toks[toks.length - 1].post += ` ${pre}${w.slice(a, coreEnd)}${post}`;
      continue;
    }
    const core = a === 0 && coreEnd === n ? w : w.slice(a, coreEnd);
    toks.push(wordTok(core, pre, post, sent, sentStart, possessive));
  }
  return toks;
}

/** Punctuation that breaks a phrase: , ; : . ! ? ) ] } ( — – - */
function isBreakChar(c: number): boolean {
  return (
    c === 44 ||
    c === 59 ||
    c === 58 ||
    c === 46 ||
    c === 33 ||
    c === 63 ||
    c === 41 ||
    c === 93 ||
    c === 125 ||
    c === 40 ||
    c === 0x2014 ||
    c === 0x2013 ||
    c === 45
  );
}

/** True when punctuation after the token breaks the phrase (comma, stop, bracket, dash, colon). */
export function breaksAfter(t: Tok): boolean {
  const p = t.post;
  for (let i = 0; i < p.length; i++) if (isBreakChar(p.charCodeAt(i))) return true;
  return false;
}

/** True when the word starts with a capital letter A-Z. */
export function startsUpper(word: string): boolean {
  const c = word.charCodeAt(0);
  return c >= 65 && c <= 90;
}

/** True when the word starts with a lower-case letter a-z. */
export function startsLower(word: string): boolean {
  const c = word.charCodeAt(0);
  return c >= 97 && c <= 122;
}
