/** What an abstract says a name is: the appositive after "NAME," ("a fully automated framework ...") and its class noun. */

import { singular } from './nameShapes';
import { phraseFrom } from './nounPhrases';
import { type Tok, breaksAfter } from './tokens';
import { CLASS_NOUNS, EXISTING_MARKERS, VERBS } from './wordLists';

/** Noun phrase after "NAME," / "NAME (..)," : "a fully automated framework that ..." */
export function appositiveAfter(toks: Tok[], i: number): Tok[] | null {
  if (i + 1 >= toks.length || !/[,:—]/.test(toks[i].post) || toks[i + 1].sent !== toks[i].sent) return null;
  const d = toks[i + 1].lower;
  if (!/^(a|an|the|one)$/.test(d)) return null;
  const ph = phraseFrom(toks, i + 2);
  if (ph.length === 0) return null;
  // "..., the approach outperforms": a new clause, not an appositive
  const after = toks[i + 2 + ph.length];
  if (
    d === 'the' &&
    after &&
    after.sent === toks[i].sent &&
    !breaksAfter(ph[ph.length - 1]) &&
    (VERBS.has(after.lower) || (/^[a-z]+s$/.test(after.core) && !/(ss|us|is)$/.test(after.core)))
  )
    return null;
  // "OpenVLA, a 7B generalist robot policy": an existing model described by its size
  if (ph.some((t) => /^\d+(\.\d+)?[BMK]$/.test(t.core))) return null;
  return ph;
}

export function kindOf(ph: Tok[] | null): string | null {
  if (!ph) return null;
  for (const t of ph) {
    const l = singular(t.lower).replace(/s$/, '');
    if (CLASS_NOUNS.has(t.lower) || CLASS_NOUNS.has(l)) return l;
    const parts = t.lower.split('-');
    if (CLASS_NOUNS.has(parts[parts.length - 1])) return parts[parts.length - 1];
  }
  return null;
}

export const existingMarked = (ph: Tok[]): boolean => ph.slice(0, 4).some((t) => EXISTING_MARKERS.has(t.lower));
