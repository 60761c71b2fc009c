/** The public face of core/vectors: what the rest of Papers may import from it. */
export * from './codeTable';
export * from './denseKernels';
export * from './related';
export * from './seededRandom';
export * from './symmetricEigen';
export * from './vectors';
export * from './wordStream';
