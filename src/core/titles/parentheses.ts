/** Parenthesized groups and acronyms: the group after a word, the "(ACR)" alias of a name, and whether an acronym spells out words. */

import { type Tok } from './tokens';

/** True when the letters of `acronym` can be read, in order, out of `words`, the first one starting the first word. */
export function acronymFits(acronym: string, words: string[]): boolean {
  const letters = acronym
    .split('-')[0]
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const exp = words.join(' ').toLowerCase();
  if (letters.length < 2 || exp.length === 0 || exp[0] !== letters[0]) return false;
  let ei = exp.length - 1;
  for (let li = letters.length - 1; li >= 0; li--) {
    const c = letters[li];
    while (ei >= 0 && (exp[ei] !== c || (li === 0 && ei > 0 && /[a-z0-9]/.test(exp[ei - 1])))) ei--;
    if (ei < 0) return false;
    ei--;
  }
  return true;
}

interface Paren {
  /** Index of the first and last token inside the parentheses. */
  from: number;
  to: number;
}

/** The parenthesized group starting at token i (which carries the "("), if any and short. */
export function parenAt(toks: Tok[], i: number): Paren | null {
  if (i >= toks.length || !toks[i].pre.includes('(')) return null;
  for (let j = i; j < Math.min(toks.length, i + 14); j++) {
    if (toks[j].sent !== toks[i].sent && j > i) return null;
    if (toks[j].post.includes(')')) return { from: i, to: j };
    if (j > i && toks[j].pre.includes('(')) return null;
  }
  return null;
}

export const words = (toks: Tok[], from: number, to: number): string[] => toks.slice(from, to + 1).map((t) => t.core);

export const citationLike = (ws: string[]): boolean =>
  ws.some((w) => /^(et|al|e\.g|i\.e|see|cf|ours|resp|respectively)$/i.test(w) || /^(19|20)\d\d[a-z]?$/.test(w));

/** "NAME (ALIAS)" / "Expansion (ACR)": the single token inside the parentheses after token `end`, if any. */
export function aliasAfter(toks: Tok[], end: number): Paren | null {
  const p = parenAt(toks, end + 1);
  if (!p) return null;
  // "(U2O RL)": a coined token followed by a common acronym
  if (p.to === p.from + 1 && !(toks[p.from].shape >= 2 && !toks[p.from].known && /^[A-Z]+$/.test(toks[p.to].core)))
    return null;
  if (p.to > p.from + 1) return null;
  const w = toks[p.from].core;
  if (citationLike([w]) || /^\d/.test(w)) return null;
  return p;
}

export const aliasText = (toks: Tok[], p: Paren): string => words(toks, p.from, p.to).join(' ');
