/** The public face of core/forYou: the personal ranking of unread papers by the reader's own signals. */
export * from './types';
export * from './ranking';
export * from './signals';
export * from './feed';
