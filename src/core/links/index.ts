/** The public face of core/links: what the rest of Papers may import from it. */
export * from './codeAnchor';
export * from './codeAnchorTypes';
export * from './lineIndex';
export * from './links';
export * from './mentions';
