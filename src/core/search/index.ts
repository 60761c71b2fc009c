/** The public face of core/search: what the rest of Papers may import from it. */
export * from './paperSearch';
export * from './partial';
export * from './termIndex';
