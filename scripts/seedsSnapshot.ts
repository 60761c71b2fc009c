/**
 * Build step: analyzes the bundled seed dumps once and writes the result next to the bundle
 * (dist/seeds.snapshot), so a first activation on the embedded default restores it instead of
 * analyzing (any other collection is analyzed, then cached, as usual). The snapshot's label is the hash of
 * the seeds' bytes; a seed file that changed makes the extension ignore it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeCorpus } from '../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../src/core/collections/corpus';
import { encodeSnapshot, toSnapshot } from '../src/core/snapshot/snapshot';
import { seedsHash } from '../src/node/cache/seedsHash';

const root = resolve(__dirname, '..');
const dir = join(root, 'seeds');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const files = names.map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
const corpus = mergeCollections(files.map((f) => ({ path: f.name, result: parseCollectionBytes(f.bytes, f.name) })));
writeFileSync(
  join(root, 'dist', 'seeds.snapshot'),
  encodeSnapshot(toSnapshot(analyzeCorpus(corpus)), seedsHash(files)),
);
