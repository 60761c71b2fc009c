import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeCorpus } from '../../../../src/core/analysis/analyze';
import { loadCorpus } from '../../../../src/core/collections/corpus';
import { nodeFileSource } from '../../../../src/node/files/nodeFileSource';
import { scratchDir } from '../../../helpers/scratchDir';
import { repoRoot } from '../../../helpers/repoRoot';

const root = repoRoot();
const seeds = readdirSync(join(root, 'seeds')).sort().map((f) => join(root, 'seeds', f));
const cli = join(root, 'dist', 'cli.js');

test('the seeds analyze to 340 papers, 20 in two collections, each with a title and a theme', async () => {
  const started = performance.now();
  const a = analyzeCorpus(await loadCorpus(seeds, nodeFileSource));
  const ms = performance.now() - started;
  console.log(`analyze of the seeds: ${ms.toFixed(0)} ms (${Object.entries(a.timings).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')})`);
  assert.equal(a.papers.length, 340);
  assert.equal(a.papers.filter((p) => p.collections.length === 2).length, 20);
  assert.deepEqual(a.problems, []);
  assert.ok(a.themes.length >= 10 && a.themes.length <= 20, `${a.themes.length} themes`);
  assert.equal(new Set(a.themes.map((t) => t.label.toLowerCase())).size, a.themes.length, 'labels are distinct');
  const themeOf = new Map<string, number>();
  for (const t of a.themes) for (const id of t.paperIds) themeOf.set(id, (themeOf.get(id) ?? 0) + 1);
  assert.ok(a.papers.every((p) => themeOf.get(p.id) === 1 && p.title.trim() !== '' && p.theme !== ''));
  assert.ok(a.papers.every((p) => a.related.relatedTo(p.id, 3).length === 3 && !a.related.relatedTo(p.id, 3).includes(p.id)));
});

test('papers analyze --json prints the documented shape; no files means the bundled seeds', () => {
  const run = spawnSync(process.execPath, [cli, 'analyze', '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  assert.equal(out.papers.length, 340);
  assert.deepEqual(Object.keys(out.papers[0]), ['id', 'title', 'method', 'theme', 'keywords', 'collections', 'abstract', 'related']);
  assert.deepEqual(Object.keys(out.themes[0]), ['id', 'label', 'size']);
  const ids = new Set(out.themes.map((t: { id: string }) => t.id));
  assert.ok(out.papers.every((p: { theme: string }) => ids.has(p.theme)));
  assert.equal(out.themes.reduce((n: number, t: { size: number }) => n + t.size, 0), 340);
});

test('bad input: one line per problem naming file and line, exit 1, the good file still loads, no stack trace', () => {
  const dir = scratchDir('papers-cli');
  const good = join(dir, 'good.txt');
  const noHeader = join(dir, 'notes.txt');
  const binary = join(dir, 'image.txt');
  writeFileSync(good, 'Daily Papers\n\nWe propose QuasarNet, a network for quasar spectra.\nA study of soil microbes under drought.\n');
  writeFileSync(noHeader, 'my shopping list\nmilk\n');
  writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0a, 0x00, 0x00]));
  const run = spawnSync(process.execPath, [cli, 'analyze', good, noHeader, binary, join(dir, 'missing.txt'), '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.equal(JSON.parse(run.stdout).papers.length, 2);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 3, run.stderr);
  assert.match(lines[0], /notes\.txt:1: expected the header "Daily Papers"/);
  assert.match(lines[1], /image\.txt:2: .*binary/);
  assert.match(lines[2], /missing\.txt: cannot read the file/);
  assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
});

test('papers search ranks and filters; usage errors exit 2 with one line', () => {
  const run = spawnSync(process.execPath, [cli, 'search', '--query', 'offline reinforcement', '--limit', '3', '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const hits = JSON.parse(run.stdout);
  assert.equal(hits.length, 3);
  assert.ok(hits[0].score >= hits[1].score && hits[1].score >= hits[2].score);
  assert.ok(hits.every((h: { snippet: string }) => /offline|reinforcement/i.test(h.snippet)));
  const bad = spawnSync(process.execPath, [cli, 'search', '--limit', 'x', '--query', 'a'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr.trim().split('\n').length, 1);
  const unknown = spawnSync(process.execPath, [cli, 'frobnicate'], { encoding: 'utf8' });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command "frobnicate"/);
});
