/**
 * The real dev corpus (../shared/real, see its README) as Daily Papers files for the benchmarks: slices of the
 * first N abstracts, and a 100k corpus made of the 80k abstracts plus perturbed copies of 20k of them. Written
 * under bench/results/real/ (git-ignored): the data is never committed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { devCorpusPlaces } from '../../lib/devCorpus';

const DUMP = 'arxiv-dev-80k.txt.gz';

/** The dev corpus's folder (its dump is all the benchmarks of raw abstracts need), or undefined. */
export function realCorpusDir(root: string): string | undefined {
  return devCorpusPlaces(root).find((dir) => existsSync(join(dir, DUMP)));
}

/** The dump's abstracts, in file order (after `Daily Papers` and the blank line). */
export function readRealAbstracts(dir: string): string[] {
  return gunzipSync(readFileSync(join(dir, DUMP)))
    .toString('utf8')
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '');
}

/**
 * A new abstract made from `text`, deterministic in `k`: a sentence dropped when there are three or more (the
 * k-th, never the first), else the words of the last sentence after its third word reversed. Enough to make a
 * distinct abstract with the vocabulary and length of a real one.
 */
export function perturb(text: string, k: number): string {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/);
  if (sentences.length >= 3) {
    const drop = 1 + (k % (sentences.length - 1));
    return sentences.filter((_, i) => i !== drop).join(' ');
  }
  const words = sentences[sentences.length - 1].split(' ');
  const head = words.slice(0, 3);
  const tail = words.slice(3).reverse();
  sentences[sentences.length - 1] = [...head, ...tail].join(' ');
  const out = sentences.join(' ');
  // a last sentence of a few words reads the same reversed: drop the abstract's last word instead
  return out === text ? text.slice(0, text.lastIndexOf(' ')) : out;
}

/** The 80k abstracts plus perturbed copies of every 4th of them: 100k distinct abstracts of real text. */
export function realCorpus100k(abstracts: string[]): string[] {
  const copies: string[] = [];
  for (let i = 0; i < abstracts.length && copies.length < 20_000; i += 4) copies.push(perturb(abstracts[i], i));
  return [...abstracts, ...copies];
}

/** Writes abstracts as a Daily Papers dump under bench/results/real/; returns its path. */
export function writeRealSlice(root: string, name: string, abstracts: string[]): string {
  const dir = join(root, 'bench', 'results', 'real');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.txt`);
  writeFileSync(file, `Daily Papers\n\n${abstracts.join('\n')}\n`);
  return file;
}

/**
 * The real corpora `npm run bench` measures: the first N abstracts for each size below 80k, and the 100k of
 * realCorpus100k for 100,000. Undefined, with the reason, when the dev corpus is absent.
 */
export function writeRealCorpora(
  root: string,
  sizes: number[],
): { corpora: { name: string; files: string[] }[] } | { skipped: string } {
  const dir = realCorpusDir(root);
  if (!dir) return { skipped: `no real dev corpus (${DUMP} in ../shared/real or $PAPERS_REAL_DIR)` };
  const abstracts = readRealAbstracts(dir);
  const corpora = sizes.map((n) => {
    const name = `real-${n >= 1000 ? `${n / 1000}k` : n}`;
    const texts = n <= abstracts.length ? abstracts.slice(0, n) : realCorpus100k(abstracts).slice(0, n);
    return { name, files: [writeRealSlice(root, name, texts)] };
  });
  return { corpora };
}
