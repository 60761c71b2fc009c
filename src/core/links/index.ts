/** The public face of core/links: what the rest of Papers may import from it. */
export * from './codeAnchor';
export * from './links';
export * from './mentions';
