export const MAX_TITLE = 72;

export const MAX_DESC_WORDS = 8;
