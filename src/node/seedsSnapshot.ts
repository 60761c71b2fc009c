/**
 * Build step: analyzes the bundled seed dumps once and writes the result next to the bundle
 * (dist/seeds.snapshot.json + .bin), so a first activation on the embedded default restores it instead of
 * analyzing (any other collection is analyzed, then cached, as usual). The snapshot records the hash of
 * the seeds' bytes; a seed file that changed makes the extension ignore it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeCorpus } from '../core/analyze';
import { mergeCollections, parseCollectionBytes } from '../core/corpus';
import { encodeSnapshot, toSnapshot } from '../core/snapshot';
import { seedsHash } from './seedsHash';

const root = resolve(__dirname, '..');
const dir = join(root, 'seeds');
const names = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
const files = names.map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
const corpus = mergeCollections(files.map((f) => ({ path: f.name, result: parseCollectionBytes(f.bytes, f.name) })));
const { json, binary } = encodeSnapshot(toSnapshot(analyzeCorpus(corpus)));
writeFileSync(join(root, 'dist', 'seeds.snapshot.bin'), binary);
writeFileSync(join(root, 'dist', 'seeds.snapshot.json'), JSON.stringify({ seedsHash: seedsHash(files), snapshot: JSON.parse(json) }));
