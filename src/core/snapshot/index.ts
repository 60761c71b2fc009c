/** The public face of core/snapshot: what the rest of Papers may import from it. */
export * from './format';
export * from './snapshot';
export * from './analyzeFiles';
