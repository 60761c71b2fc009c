/** The public face of core/forYou: the personal ranking of unread papers by the reader's own signals. */
export * from './types';
export * from './ranking';
export { examplesOf, NOT_INTERESTED_WEIGHT, POSITIVE_WEIGHT, READ_WEIGHT } from './examples';
export { forYouVectors, termRowReader } from './vectors';
export * from './signals';
export * from './feed';
