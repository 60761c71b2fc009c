/** The public face of core/notes: what the rest of Papers may import from it. */
export * from './template';
