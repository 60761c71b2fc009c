/**
 * The four figures of derived titles on real abstracts whose real titles are known (issue 25), computed the same
 * way by the bench (scripts/bench/titles/titleFigures.ts) and the slow test: raw LaTeX in a title, a title of two words or
 * fewer without a name, a title another paper of the library also has, and, where the real title starts with a
 * one-word name ("Name: ..."), whether the derived method is that name.
 */

import { decodeLatex } from '../../src/core/common';

/** Raw LaTeX in derived text: a backslash, a brace, a dollar, or the name of a markup command left as a word. */
export const LATEX_LEAK =
  /[\\{}$]|\b(?:text(?:bf|it|tt|sc|sf|rm|superscript|subscript)|emph|math(?:rm|cal|bf|bb|it|sf|tt|frak|scr)|mbox|frac|sqrt|cite[pt]?|href|boldsymbol|operatorname)\b/;

/**
 * The one-word name a real title starts with ("WindowKV: ..."), or null. The title's LaTeX is decoded as the
 * abstracts' is (`Echo-E$^3$Net` is Echo-E³Net, `\textsc{T-Mask}` T-Mask), so the name reads as a derived one does.
 */
export function titleName(realTitle: string): string | null {
  const m = /^([^\s:]+):\s/.exec(decodeLatex(realTitle).replace(/\s+/g, ' ').trim());
  return m && /\p{L}/u.test(m[1]) ? m[1] : null;
}

const NOT_IN_KEY = /[\s\-‐‑–_"“”]/g;

/**
 * A name as a reader tells names apart: compatibility forms folded (NFKC: ² is 2, ₂ is 2), case, hyphens, spaces,
 * underscores and quotes aside ("JARVIS-VLA" and "JarvisVLA", `AIRA_2` and AIRA₂ are one name).
 */
export const nameKey = (name: string): string => name.normalize('NFKC').toLowerCase().replace(NOT_IN_KEY, '');

/** Whether a derived name is the name a real title starts with (titleName). */
export const sameName = (derived: string, real: string): boolean => nameKey(derived) === nameKey(real);

export interface TitleFigures {
  papers: number;
  latex: number;
  shortNameless: number;
  duplicates: number;
  named: number;
  namedAgree: number;
}

export interface DerivedTitle {
  title: string;
  method: string | null;
}

/** The figures of `derived[i]` against `realTitles[i]`, the papers taken as one library. */
export function titleFigures(derived: readonly DerivedTitle[], realTitles: readonly string[]): TitleFigures {
  const f: TitleFigures = {
    papers: derived.length,
    latex: 0,
    shortNameless: 0,
    duplicates: 0,
    named: 0,
    namedAgree: 0,
  };
  const count = new Map<string, number>();
  for (const d of derived) count.set(d.title.toLowerCase(), (count.get(d.title.toLowerCase()) ?? 0) + 1);
  derived.forEach((d, i) => {
    if (LATEX_LEAK.test(d.title)) f.latex++;
    if (!d.method && d.title.split(/\s+/).filter(Boolean).length <= 2) f.shortNameless++;
    if ((count.get(d.title.toLowerCase()) ?? 0) > 1) f.duplicates++;
    const name = titleName(realTitles[i]);
    if (name) {
      f.named++;
      if (d.method && sameName(d.method, name)) f.namedAgree++;
    }
  });
  return f;
}

export const share = (a: number, b: number): number => a / Math.max(b, 1);
