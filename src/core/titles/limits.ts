/** Length limits of titles (characters) and descriptors (words), and of the candidate names weighed. */

/** Longest title, in characters (a long name may push it a little further). */
export const MAX_TITLE = 72;

/** Longest descriptor, in words. */
export const MAX_DESC_WORDS = 8;

/**
 * Most candidate names weighed in one abstract: real abstracts have a few dozen at most, and every candidate is
 * compared with every other (its relations and occurrences), so an abstract of thousands of coined words would
 * otherwise cost the square of its length.
 */
export const MAX_CANDIDATES = 100;
