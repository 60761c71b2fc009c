/** The public face of core/keywords: what the rest of Papers may import from it. */
export * from './keywords';
export * from './lexicon';
