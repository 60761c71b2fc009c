/** The public face of core/fields: the arXiv field model and what reads it. */
export * from './model';
export * from './classify';
export * from './arxivFields';
