/** The public face of core/annotations: what the rest of Papers may import from it. */
export * from './annotations';
export * from './export';
export * from './notesBlock';
export * from './types';
