/** The public face of core/common: what the rest of Papers may import from it. */
export * from './errors';
export * from './fileQueue';
export * from './fileSource';
export * from './jsonFile';
export * from './lines';
export * from './steps';
export * from './text';
export * from './pathSegments';
export * from './latex';
export * from './mathSegments';
export * from './files';
