/**
 * What a user writes about one paper, as stored in `.papers/papers/<id>.json`: one small file per paper,
 * keys in a fixed order and two-space JSON, so diffs are small and merges rarely conflict.
 */
import { PapersInputError, parseJsonFile } from '../common';

export interface PaperUserData {
  read?: boolean;
  starred?: boolean;
  /** The reader said "not interested": a strong negative for For You (core/forYou). */
  notInterested?: boolean;
  tags?: string[];
  /** Fields this version does not know are kept as they were (a newer version may have written them). */
  [extra: string]: unknown;
}

const KNOWN_ORDER = ['read', 'starred', 'notInterested', 'tags'];

/** Stable text: known keys first in a fixed order, then the others sorted; empty or false fields dropped. */
export function serializeUserData(data: PaperUserData): string {
  const out: Record<string, unknown> = {};
  const keys = [
    ...KNOWN_ORDER,
    ...Object.keys(data)
      .filter((k) => !KNOWN_ORDER.includes(k))
      .sort(),
  ];
  for (const key of keys) {
    const value = data[key];
    if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = key === 'tags' && Array.isArray(value) ? [...new Set(value as string[])].sort() : value;
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** True when nothing would be written: such a paper needs no file. */
export function isEmptyUserData(data: PaperUserData): boolean {
  return serializeUserData(data) === '{}\n';
}

/** Parses a stored file; throws PapersInputError naming the file and line when it is not a JSON object. */
export function parseUserData(text: string, file: string): PaperUserData {
  const value = parseJsonFile(text, file);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PapersInputError(file, 1, 'expected a JSON object');
  const data = value as PaperUserData;
  for (const flag of ['read', 'starred', 'notInterested'] as const) {
    if (data[flag] !== undefined && typeof data[flag] !== 'boolean')
      throw new PapersInputError(file, undefined, `"${flag}" must be true or false`);
  }
  if (data.tags !== undefined && (!Array.isArray(data.tags) || data.tags.some((t) => typeof t !== 'string'))) {
    throw new PapersInputError(file, undefined, '"tags" must be a list of strings');
  }
  return data;
}

/**
 * Applies one change made here to what is on disk now (which another window may have written since
 * we read it): the fields we changed win, everything else is kept from disk.
 */
export function applyChange(onDisk: PaperUserData, change: Partial<PaperUserData>): PaperUserData {
  return { ...onDisk, ...change };
}
