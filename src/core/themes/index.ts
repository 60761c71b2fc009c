/** The public face of core/themes: what the rest of Papers may import from it. */
export * from './corrections';
export * from './correctionsFile';
export * from './themes';
export * from './themeModel';
export * from './placement';
export * from './regroupDiff';
export * from './regroupPreview';
export * from './regroupChanges';
