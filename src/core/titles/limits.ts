/** Length limits of titles (characters) and descriptors (words). */

/** Longest title, in characters (a long name may push it a little further). */
export const MAX_TITLE = 72;

/** Longest descriptor, in words. */
export const MAX_DESC_WORDS = 8;
