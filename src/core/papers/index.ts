/** The public face of core/papers: what the rest of Papers may import from it. */
export * from './arrivals';
export * from './arrivalsFile';
export * from './byline';
export * from './ids';
export * from './paperKey';
export * from './paperPage';
export * from './tags';
export * from './types';
export * from './userData';
