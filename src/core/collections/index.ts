/** The public face of core/collections: what the rest of Papers may import from it. */
export * from './corpus';
export * from './decode';
export * from './formats';
