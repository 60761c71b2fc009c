/** The public face of core/export: what the rest of Papers may import from it. */
export * from './bibtex';
export * from './formats';
export * from './notes';
