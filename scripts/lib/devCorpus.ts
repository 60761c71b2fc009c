/**
 * The development corpus of real arXiv abstracts (../shared/real, see its README) with each abstract's primary
 * category, and the split the field model is built and measured on. Read here, never copied into the repository.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { paperText } from '../../src/core/papers';

export interface DevPaper {
  /** The abstract as the analysis reads it (papers/ids.ts paperText: LaTeX decoded). */
  text: string;
  /** The abstract's line as the dump writes it. */
  line: string;
  primary: string;
  title: string;
  /** Which part of the split the paper is in (devSplit). */
  part: 'train' | 'calibration' | 'heldOut';
}

/**
 * The split, by the first hex digit of the abstract's sha256 (the corpus's own checksum): 0–3 held out (a quarter,
 * for measuring), 4 for calibrating the confidence, the rest for training. Fixed by content, so the same paper is
 * held out in every run and every script.
 */
export function devSplit(sha256: string): DevPaper['part'] {
  const d = parseInt(sha256[0], 16);
  return d < 4 ? 'heldOut' : d === 4 ? 'calibration' : 'train';
}

/** Where the corpus may be: the folder given, $PAPERS_REAL_DIR, or ../shared/real beside the checkout or its worktree. */
export function devCorpusPlaces(root: string, given?: string): string[] {
  if (given) return [given];
  if (process.env.PAPERS_REAL_DIR) return [process.env.PAPERS_REAL_DIR];
  return [resolve(root, '..', 'shared', 'real'), resolve(root, '..', '..', 'shared', 'real')];
}

/** The corpus folder with both the dump and its metadata, or undefined. */
export function devCorpusDir(root: string, given?: string): string | undefined {
  return devCorpusPlaces(root, given).find(
    (dir) => existsSync(join(dir, 'arxiv-dev-80k.txt.gz')) && existsSync(join(dir, 'arxiv-dev-80k.jsonl.gz')),
  );
}

/** Every abstract with its metadata, in the dump's order; each line checked against its sha256. */
export function readDevCorpus(dir: string): DevPaper[] {
  const lines = gunzipSync(readFileSync(join(dir, 'arxiv-dev-80k.txt.gz')))
    .toString('utf8')
    .split('\n');
  const metas = gunzipSync(readFileSync(join(dir, 'arxiv-dev-80k.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { line: number; sha256: string; primary: string; title: string });
  return metas.map((m) => {
    const line = lines[m.line - 1];
    if (createHash('sha256').update(line).digest('hex') !== m.sha256)
      throw new Error(`line ${m.line} of the dump does not match its sha256`);
    return { text: paperText({ abstract: line }), line, primary: m.primary, title: m.title, part: devSplit(m.sha256) };
  });
}
