/**
 * How specific a theme's label is, measured: its lift = (share of the theme's papers whose abstract contains
 * the label) / (share of all papers whose abstract contains it). A label that occurs about as often everywhere
 * as inside its theme ("Deep learning" in a library of deep-learning papers) tells a reader nothing about the
 * theme; the benchmark calls a label with lift below COMMONPLACE_LIFT commonplace.
 */
import { isContentWord, tokenize } from '../common';

/** Below this lift a label is called commonplace: its words are not even twice as frequent inside its theme. */
export const COMMONPLACE_LIFT = 2;

/**
 * The parts of a label, each as its content words: lower-cased, split on commas and " and ", each part
 * tokenized as the product tokenizes abstracts (plurals folded) with stop words dropped. Parts without
 * content words are left out.
 */
export function labelParts(label: string): string[][] {
  return label
    .toLowerCase()
    .split(/,|\band\b/)
    .map((part) =>
      tokenize(part)
        .map((t) => t.norm)
        .filter(isContentWord),
    )
    .filter((words) => words.length > 0);
}

/** The set of words (normalized as by tokenize) of an abstract. */
export function wordSet(text: string): Set<string> {
  return new Set(tokenize(text).map((t) => t.norm));
}

/** True when some part of the label has all its content words in the paper's word set. */
export function labelMatches(parts: readonly string[][], words: ReadonlySet<string>): boolean {
  return parts.some((part) => part.every((w) => words.has(w)));
}

export interface LabelLift {
  label: string;
  /** Papers of the theme whose abstract contains the label, and the theme's size. */
  inTheme: number;
  themeSize: number;
  /** Papers of the library whose abstract contains the label. */
  inLibrary: number;
  /** (inTheme / themeSize) / (inLibrary / library size); 0 when no paper contains the label. */
  lift: number;
}

/**
 * The lift of each theme's label. `words` holds each paper's word set (wordSet), `members` each theme's papers
 * as indexes into it.
 */
export function labelLifts(
  themes: readonly { label: string; members: readonly number[] }[],
  words: readonly ReadonlySet<string>[],
): LabelLift[] {
  return themes.map(({ label, members }) => {
    const parts = labelParts(label);
    let inLibrary = 0;
    for (const w of words) if (labelMatches(parts, w)) inLibrary++;
    const inTheme = members.filter((i) => labelMatches(parts, words[i])).length;
    const lift = inLibrary === 0 || members.length === 0 ? 0 : inTheme / members.length / (inLibrary / words.length);
    return { label, inTheme, themeSize: members.length, inLibrary, lift };
  });
}
