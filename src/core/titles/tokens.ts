import { sentenceOffsets } from '../text';
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

export const count = (s: string, c: string): number => {
  let n = 0;
  for (const ch of s) if (ch === c) n++;
  return n;
};

const LEAD_CHARS = new Set('("\'“‘`[{<\\');

const TRAIL_CHARS = new Set('"\'”’],.;:!?>');

/** True when the string has a letter or digit. */
function hasAlnum(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && /[\p{L}\p{N}]/u.test(s[i]))) return true;
  }
  return false;
}

/** Plain lower-case ASCII word: most tokens, with a fast path. */
function plainLower(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c === 45 && i > 0))) return false;
  }
  return s.length > 0;
}

export function tokenize(text: string): Tok[] {
  const starts = sentenceOffsets(text);
  const toks: Tok[] = [];
  let sent = 0;
  let lastSent = -1;
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && text.charCodeAt(i) <= 32) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && text.charCodeAt(i) > 32) i++;
    while (sent + 1 < starts.length && starts[sent + 1] <= start) sent++;
    let a = start;
    while (a < i && LEAD_CHARS.has(text[a])) a++;
    let end = i;
    let opens = -1;
    let braces = -1;
    while (end > a) {
      const c = text[end - 1];
      if (TRAIL_CHARS.has(c)) end--;
      else if (c === ')') {
        if (opens < 0) opens = count(text.slice(a, end), '(');
        if (opens < count(text.slice(a, end), ')')) end--;
        else break;
      } else if (c === '}') {
        if (braces < 0) braces = count(text.slice(a, end), '{');
        if (braces < count(text.slice(a, end), '}')) end--;
        else break;
      } else break;
    }
    const pre = text.slice(start, a);
    const post = text.slice(end, i);
    let core = text.slice(a, end);
    let possessive = false;
    if (core.length > 2 && core[core.length - 1] === 's' && (core[core.length - 2] === "'" || core[core.length - 2] === '’') && hasAlnum(core[0])) {
      core = core.slice(0, -2);
      possessive = true;
    }
    if (!hasAlnum(core)) {
      // a dash or other lone symbol: glue it to the previous word's trailing punctuation
      if (toks.length > 0 && toks[toks.length - 1].sent === sent) toks[toks.length - 1].post += ` ${pre}${core}${post}`;
      continue;
    }
    if (plainLower(core)) {
      toks.push({ core, lower: core, pre, post, sent, sentStart: sent !== lastSent, possessive, base: core, shape: 0, known: KNOWN.has(core), familiar: false });
    } else {
      const info = wordInfo(core);
      toks.push({ core, lower: info.lower, pre, post, sent, sentStart: sent !== lastSent, possessive, base: info.base, shape: info.shape, known: info.known, familiar: info.familiar });
    }
    lastSent = sent;
  }
  return toks;
}

/** True when punctuation after the token breaks the phrase (comma, stop, bracket, dash, colon). */
export const breaksAfter = (t: Tok): boolean => /[,;:.!?)\]}(—–-]/.test(t.post);
