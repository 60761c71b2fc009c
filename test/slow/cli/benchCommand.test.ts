/**
 * `papers bench` as a user runs it: the built CLI (dist/cli.js) on a small made-up corpus. Checks the
 * shape and the consistency of what it prints, never how fast anything is (timings belong in `npm run bench`).
 */
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../helpers/scratchDir';
import { papers } from '../../helpers/cli';

// Made-up abstracts from unrelated fields, so nothing depends on the seeds.
const ABSTRACTS = [
  'We measure glacier retreat in the Andes from satellite radar and find the retreat doubled after 2000.',
  'Glacier mass balance models underestimate melt when dust darkens the ice surface, as field samples show.',
  'A honeybee colony counts to four: foragers choose feeders by number rather than by area or smell.',
  'Bumblebee foragers learn colour and scent cues together, and the pairing speeds up their learning.',
  'QuasarNet classifies quasar spectra with a small convolutional network trained on survey spectra.',
  'Tidal forces heat the interior of icy moons; we model the heating with a layered viscoelastic shell.',
  'Coral reefs recover faster from bleaching when herbivorous fish keep algae short, a decade of surveys shows.',
  'We sequence soil microbes along a drought gradient and find fungi tolerate drought better than bacteria.',
];
let dir = '';
let corpus = '';
let queries = '';

describe('papers bench', () => {
  before(() => {
    dir = scratchDir('papers-bench-cli');
    corpus = join(dir, 'library.txt');
    writeFileSync(corpus, `Daily Papers\n\n${ABSTRACTS.join('\n\n')}\n`);
    queries = join(dir, 'queries.txt');
    writeFileSync(queries, 'gla\nglacier\nglacier retreat\n\nbumblebe forager\ncollection:library coral\n');
  });

  test('papers bench --json prints exactly the documented fields, consistent with each other', () => {
    const run = papers('bench', corpus, '--queries', queries, '--json');
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(out), [
      'papers',
      'load_ms',
      'tokenize_floor_ms',
      'index_ms',
      'themes_ms',
      'total_ms',
      'search',
      'peak_rss_mb',
    ]);
    assert.deepEqual(Object.keys(out.search), ['queries', 'p50_ms', 'p95_ms', 'max_ms']);
    assert.equal(out.papers, ABSTRACTS.length);
    assert.equal(out.search.queries, 5, 'one query a line, the blank line skipped');
    for (const key of ['load_ms', 'tokenize_floor_ms', 'index_ms', 'themes_ms', 'total_ms', 'peak_rss_mb'])
      assert.ok(typeof out[key] === 'number' && out[key] >= 0, key);
    assert.ok(
      Math.abs(out.total_ms - (out.load_ms + out.index_ms + out.themes_ms)) <= 0.2,
      'total = load + index + themes',
    );
    assert.ok(out.search.p50_ms <= out.search.p95_ms && out.search.p95_ms <= out.search.max_ms);
    assert.ok(out.peak_rss_mb > 0);
  });

  test('papers bench without --json prints a readable summary', () => {
    const run = papers('bench', corpus, '--queries', queries);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^8 papers\n/);
    assert.match(run.stdout, /search +5 queries: p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms/);
  });

  test('papers bench usage errors exit 2 and say what is missing', () => {
    const noFiles = papers('bench', '--queries', queries);
    assert.equal(noFiles.status, 2);
    assert.match(noFiles.stderr, /give the corpus files/);
    const noQueries = papers('bench', corpus, '--json');
    assert.equal(noQueries.status, 2);
    assert.match(noQueries.stderr, /--queries <file>/);
    const unknown = papers('bench', corpus, '--queries', queries, '--fast');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /papers bench: .*--fast/);
  });

  test('papers bench names the bad file (and line): unreadable, binary or empty queries; bad corpus lines', () => {
    const missing = join(dir, 'nope.txt');
    const r1 = papers('bench', corpus, '--queries', missing);
    assert.equal(r1.status, 1);
    assert.equal(r1.stderr, `${missing}: cannot read the queries (ENOENT)\n`);
    const binary = join(dir, 'binary.txt');
    writeFileSync(binary, Buffer.from('glacier\nbee\x00\n'));
    const r2 = papers('bench', corpus, '--queries', binary);
    assert.equal(r2.status, 1);
    assert.match(r2.stderr, new RegExp(`^${binary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: this is a binary file`));
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '\n  \n');
    const r3 = papers('bench', corpus, '--queries', empty);
    assert.equal(r3.status, 1);
    assert.match(r3.stderr, /empty\.txt: no queries; write one query a line/);
    // a corpus that is not a dump at all: the problem is reported like `papers analyze` does, the rest measured
    const notPapers = join(dir, 'notes.txt');
    writeFileSync(notPapers, 'My reading list\nglaciers\n');
    const r4 = papers('bench', corpus, notPapers, '--queries', queries, '--json');
    assert.equal(r4.status, 1);
    assert.equal(JSON.parse(r4.stdout).papers, ABSTRACTS.length);
    assert.equal(r4.stderr, `${notPapers}:1: expected the header "Daily Papers", found "My reading list"\n`);
  });
});
