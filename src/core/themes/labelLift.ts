/**
 * How specific a theme's label is, measured. A label part (a phrase) is a commonplace when a quarter or more of
 * the other papers use it too, or when the theme's papers use it less than twice as often as the other papers
 * do. "Deep learning" in a library of deep-learning papers, or "language models" for one theme of a library
 * about language models, tells a reader nothing about the theme. A broad theme is judged against the rest of
 * the library, a subtheme against the rest of its broad theme (what tells it apart from its siblings). The
 * labels avoid such phrases (labels.ts); the benchmark counts the labels that still have one.
 */
import { foldPlural, isContentWord, tokenize } from '../common';

/** Below this ratio of the share inside the theme to the share outside, a phrase is a commonplace. */
export const COMMONPLACE_LIFT = 2;
/** From this share of the papers outside the theme, a phrase is a commonplace whatever its ratio. */
export const COMMONPLACE_SHARE = 0.25;

/**
 * True for a phrase used by `inTheme` of the theme's `themeSize` papers and `inAll` of the `allSize` papers
 * (the theme's included). A theme that is all the papers has no commonplace: there is nothing to tell apart.
 */
export function isCommonplace(inTheme: number, themeSize: number, inAll: number, allSize: number): boolean {
  if (themeSize === 0 || inTheme === 0) return true;
  if (allSize <= themeSize) return false;
  const outside = (inAll - inTheme) / (allSize - themeSize);
  return outside >= COMMONPLACE_SHARE || inTheme / themeSize < COMMONPLACE_LIFT * outside;
}

/**
 * isCommonplace for counts read on samples of the themes (the labeller reads a few dozen papers of each): the share
 * inside taken at its lower bound (Wilson, one standard error), so that a phrase that only just passes on the
 * sample is not a commonplace over all the theme's papers.
 */
export function isCommonplaceInSample(inTheme: number, themeSize: number, inAll: number, allSize: number): boolean {
  if (themeSize === 0 || inTheme === 0) return true;
  const low = themeSize * wilsonLower(inTheme / themeSize, themeSize);
  return isCommonplace(low, themeSize, inAll - inTheme + low, allSize);
}

/** The lower end of the Wilson interval of a share `p` seen in `n` draws, one standard error wide. */
function wilsonLower(p: number, n: number): number {
  const z2 = 1;
  const centre = p + z2 / (2 * n);
  const spread = Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - spread) / (1 + z2 / n));
}

/**
 * The parts of a label, each as its content words joined by spaces: split on commas, " and " and " for ", each
 * part tokenized as the product tokenizes abstracts (lower-cased, plurals folded) with stop words dropped.
 * Parts without content words are left out.
 */
export function labelParts(label: string): string[] {
  // split before tokenizing, and in the label's own case: "WSIs" folds to "wsi" as in the abstracts, "wsis" not
  return label
    .split(/,|\band\b|\bfor\b/i)
    .map((part) => contentWords(part))
    .filter((words) => words !== ' ');
}

/**
 * The ways a reader can read a label: its parts as written, and, for "A and B head" ("Image and semantic
 * segmentation"), the two phrases sharing the head ("image segmentation", "semantic segmentation"), for "A B and C"
 * ("Image editing and generation"), the two sharing the modifier ("image editing", "image generation").
 */
export function labelReadings(label: string): string[][] {
  const parts = labelParts(label);
  const readings = [parts];
  if (parts.length === 2) {
    const [first, second] = parts.map((p) => p.trim().split(' '));
    if (second.length >= 2 && first.length < second.length)
      readings.push([` ${first.join(' ')} ${second[second.length - 1]} `, parts[1]]);
    // "A B and C" with a shared modifier ("Image editing and generation"): "A B", "A C"
    if (first.length === 2 && second.length === 1) readings.push([parts[0], ` ${first[0]} ${second[0]} `]);
  }
  return readings;
}

/** A text's content words (normalized as by tokenize) in reading order, joined and padded with spaces. */
export function contentWords(text: string): string {
  const words = tokenize(text)
    .map((t) => t.norm)
    .filter(isContentWord);
  return ` ${words.join(' ')} `;
}

export interface PartJudgement {
  /** The part's content words. */
  phrase: string;
  /** Papers of the theme, and of all the papers it is judged among, using the phrase. */
  inTheme: number;
  inAll: number;
  /** Share inside the theme / share among the other papers (Infinity when no other paper uses it). */
  ratio: number;
  commonplace: boolean;
}

export interface LabelJudgement {
  label: string;
  themeSize: number;
  parts: PartJudgement[];
  /** True when some part is a commonplace (or the label has no content word). */
  commonplace: boolean;
}

/**
 * Judges each theme's label among `among` (indexes of the papers it is told apart from: the library for a
 * broad theme, its broad theme's papers for a subtheme). `words` holds each paper's contentWords; a part is
 * used by a paper whose content words hold the part's words in a row.
 */
export function judgeLabels(
  themes: readonly { label: string; members: readonly number[]; among: readonly number[] }[],
  words: readonly string[],
): LabelJudgement[] {
  return themes.map(({ label, members, among }) => {
    const judge = (phrase: string): PartJudgement => {
      const inTheme = members.filter((i) => words[i].includes(phrase)).length;
      const inAll = among.filter((i) => words[i].includes(phrase)).length;
      const outside = among.length > members.length ? (inAll - inTheme) / (among.length - members.length) : 0;
      const inside = members.length > 0 ? inTheme / members.length : 0;
      const ratio = outside > 0 ? inside / outside : inside > 0 ? Infinity : 0;
      const commonplace = isCommonplace(inTheme, members.length, inAll, among.length);
      return { phrase: phrase.trim(), inTheme, inAll, ratio, commonplace };
    };
    // The reading with the fewest commonplace parts: a label is judged as favourably as it can be read.
    const readings = labelReadings(label).map((parts) => parts.map(judge));
    const bad = (parts: PartJudgement[]) => parts.filter((p) => p.commonplace).length;
    const parts = readings.reduce((best, r) => (bad(r) < bad(best) ? r : best));
    return { label, themeSize: members.length, parts, commonplace: parts.length === 0 || bad(parts) > 0 };
  });
}

/** What two labels that are the same words up to case or plural share ("Vision-language models" and "model"). */
export function labelKey(label: string): string {
  return label
    .toLowerCase()
    .split(/\s+/)
    .map((w) => foldPlural(w))
    .join(' ');
}
