import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../helpers/scratchDir';
import { papers, stderrLines } from '../../helpers/cli';
import { repoRoot } from '../../helpers/repoRoot';
import { keptInTheme } from '../../helpers/themeChecks';
import { Theme } from '../../../src/core/papers';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../../src/core/snapshot';

const seedsDir = join(repoRoot(), 'seeds');
const seeds = readdirSync(seedsDir)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => join(seedsDir, f));

type Out = {
  papers: { id: string; theme: string; new: boolean }[];
  themes: { id: string; label: string }[];
  timings: Record<string, number>;
};
/** The themes of a run with their papers. */
const themesOf = (out: Out): Theme[] =>
  out.themes.map((t) => ({
    id: t.id,
    label: t.label,
    paperIds: out.papers.filter((p) => p.theme === t.id).map((p) => p.id),
  }));
const run = (...args: string[]) => {
  const r = papers('analyze', ...args, '--json');
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Out;
};

describe('papers analyze --state', () => {
  test('a first run groups and keeps its state; a later one adds only the new papers, marked new, the themes kept', () => {
    const state = join(scratchDir('papers-state'), 'state');
    const first = run(seeds[0], seeds[1], '--state', state);
    assert.equal(first.papers.length, 235);
    assert.ok(
      first.papers.every((p) => p.new),
      'from no state every paper is new',
    );
    assert.ok(first.timings.total > 0 && first.timings.analysis > 0 && first.timings.save >= 0);
    assert.ok(existsSync(join(state, 'analysis.snapshot')));

    // the third dump's first 50 abstracts: a batch under a quarter of the library is placed (a larger one groups a
    // small library afresh, core/analysis/growthRegroup.ts)
    const part = join(scratchDir('papers-state-day'), 'part.txt');
    const third = readFileSync(seeds[2], 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '');
    writeFileSync(part, `Daily Papers\n\n${third.slice(0, 50).join('\n\n')}\n`);
    const library = [seeds[0], seeds[1], part];
    const second = run(...library, '--state', state);
    const before = new Map(first.papers.map((p) => [p.id, p.theme]));
    const added = second.papers.filter((p) => p.new).length;
    assert.ok(added > 0 && added < second.papers.length / 4, `${added} new of ${second.papers.length}`);
    assert.equal(second.papers.length, 235 + added);
    for (const p of second.papers) {
      assert.equal(p.new, !before.has(p.id));
      if (before.has(p.id)) assert.equal(p.theme, before.get(p.id), `${p.id} moved`);
    }
    for (const t of first.themes)
      assert.equal(second.themes.find((x) => x.id === t.id)?.label, t.label, `theme ${t.id} relabelled`);
    assert.ok(second.timings.total < first.timings.total * 3, JSON.stringify([first.timings, second.timings]));

    // --regroup: the topics found again from the state's, nothing new against the state it started from; few papers
    // move (a fresh grouping of the three dumps moves about a third of the first two's papers)
    const regrouped = run(...library, '--state', state, '--regroup');
    assert.equal(regrouped.papers.filter((p) => p.new).length, 0);
    const kept = keptInTheme(
      second.papers.map((p) => p.id),
      themesOf(second),
      themesOf(regrouped),
    );
    assert.ok(kept >= 0.85, `${(100 * kept).toFixed(1)}% of the papers kept their theme`);
    const fresh = run(...seeds);
    const plain = fresh as unknown as { timings?: unknown; papers: Record<string, unknown>[] };
    assert.ok(plain.timings === undefined && !('new' in plain.papers[0]), 'without --state, as before');
  });

  test('a later run parses only the files that changed: the same papers and themes as reading them all', () => {
    const dir = scratchDir('papers-state-files');
    const [lib, day] = [join(dir, 'library.txt'), join(dir, 'day.txt')];
    writeFileSync(lib, readFileSync(seeds[0]));
    writeFileSync(day, readFileSync(seeds[1]));
    const state = join(dir, 'state');
    run(lib, '--state', state);
    assert.deepEqual(
      (JSON.parse(readFileSync(join(state, 'files.json'), 'utf8')) as { files: { path: string }[] }).files.map(
        (f) => f.path,
      ),
      [lib],
    );
    const kept = join(dir, 'kept');
    cpSync(state, kept, { recursive: true });
    const fromState = run(lib, day, '--state', state);
    // the same run with no list of digests reads every file again
    rmSync(join(kept, 'files.json'));
    const readAll = run(lib, day, '--state', kept);
    const { timings: _a, ...a } = fromState;
    const { timings: _b, ...b } = readAll;
    assert.deepEqual(a, b);
    assert.equal(fromState.papers.filter((p) => p.new).length, readAll.papers.filter((p) => p.new).length);

    // a file edited since (its first abstract dropped) is read again: that paper leaves the library
    const lines = readFileSync(lib, 'utf8').split('\n');
    const first = lines.findIndex((l, i) => i > 0 && l.trim() !== '');
    writeFileSync(lib, lines.filter((_, i) => i !== first).join('\n'));
    const edited = run(lib, day, '--state', state);
    assert.equal(edited.papers.length, fromState.papers.length - 1);
  });

  test('a batch of a quarter of a small library groups it afresh, says so, and writes the state whole', () => {
    const state = join(scratchDir('papers-state-large'), 'state');
    run(seeds[0], seeds[1], '--state', state);
    const base = readFileSync(join(state, 'analysis.snapshot'));
    const r = papers('analyze', ...seeds, '--state', state);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /\d+ new papers \(themes grouped afresh\)/);
    // the kept papers' themes and related papers changed: a new base, nothing kept beside the old one
    assert.notDeepEqual(readFileSync(join(state, 'analysis.snapshot')), base);
    assert.equal(existsSync(join(state, 'added.snapshot')), false);
    // the state as written is the grouping shown: a later run with nothing new keeps every paper where it is
    const grown = run(...seeds, '--state', state);
    const again = run(...seeds, '--state', state);
    assert.deepEqual(
      again.papers.map((p) => [p.id, p.theme]),
      grown.papers.map((p) => [p.id, p.theme]),
    );
    assert.deepEqual(themesOf(again), themesOf(grown));
  });

  test('an add writes only the papers added, the base untouched, and gives what a state written whole gives', () => {
    const dir = scratchDir('papers-state-added');
    // a library and two days of papers it does not have, small enough to be kept beside it (stateSnapshots.ts
    // ADDED_MAX_SHARE); a paper the library has already would change a paper kept, and the add would be written whole
    const lines = (file: string) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .slice(2)
        .filter((l) => l.trim() !== '');
    const known = new Set([...lines(seeds[0]), ...lines(seeds[1])]);
    const abstracts = lines(seeds[2]).filter((l) => !known.has(l));
    const dump = (lines: string[]) => `Daily Papers\n\n${lines.join('\n')}\n`;
    const [day1, day2] = [join(dir, 'day1.txt'), join(dir, 'day2.txt')];
    writeFileSync(day1, dump(abstracts.slice(0, 30)));
    writeFileSync(day2, dump(abstracts.slice(30, 50)));
    const state = join(dir, 'state');
    const whole = join(dir, 'whole');
    const base = join(state, 'analysis.snapshot');
    const added = join(state, 'added.snapshot');
    const library = run(seeds[0], seeds[1], '--state', state);
    const baseBytes = readFileSync(base);
    const baseFile = statSync(base);
    const withoutTimings = ({ timings: _, ...rest }: Out) => rest;

    cpSync(state, whole, { recursive: true });
    const first = run(seeds[0], seeds[1], day1, '--state', state);
    assert.equal(first.papers.length, library.papers.length + 30);
    assert.equal(first.papers.filter((p) => p.new).length, 30);
    assert.ok(existsSync(added));
    assert.ok(statSync(added).size < baseBytes.length / 3, `${statSync(added).size} bytes added`);
    // without the list of digests every file is read again: the papers kept are parsed anew and the state is
    // written whole, as every add wrote it before
    rmSync(join(whole, 'files.json'));
    const firstWhole = run(seeds[0], seeds[1], day1, '--state', whole);
    assert.ok(!existsSync(join(whole, 'added.snapshot')));
    assert.deepEqual(withoutTimings(first), withoutTimings(firstWhole));

    const second = run(seeds[0], seeds[1], day1, day2, '--state', state);
    const secondWhole = run(seeds[0], seeds[1], day1, day2, '--state', whole);
    assert.equal(second.papers.filter((p) => p.new).length, 20);
    assert.deepEqual(withoutTimings(second), withoutTimings(secondWhole));
    assert.ok(readFileSync(base).equals(baseBytes), 'the base is as the first run wrote it');
    assert.equal(statSync(base).mtimeMs, baseFile.mtimeMs);

    // additions removed by hand: the files they came from are read again, none of their papers lost
    const removed = join(dir, 'removed');
    cpSync(state, removed, { recursive: true });
    rmSync(join(removed, 'added.snapshot'));
    const fromBase = run(seeds[0], seeds[1], day1, day2, '--state', removed);
    assert.deepEqual(
      fromBase.papers.map((p) => p.id),
      second.papers.map((p) => p.id),
    );
    assert.equal(fromBase.papers.filter((p) => p.new).length, 50);

    // additions that name another base (left by a run stopped after it wrote a new base) are ignored, and every
    // file is read again: none of the papers they held is lost
    const wholeBase = readFileSync(join(whole, 'analysis.snapshot'));
    cpSync(added, join(whole, 'added.snapshot'));
    const again = run(seeds[0], seeds[1], day1, day2, '--state', whole);
    assert.deepEqual(
      again.papers.map((p) => p.id),
      secondWhole.papers.map((p) => p.id),
    );
    assert.equal(again.papers.filter((p) => p.new).length, 20, "the base's papers are known, the others new");
    assert.ok(!readFileSync(join(whole, 'analysis.snapshot')).equals(wholeBase), 'a new base was written');
    assert.ok(!existsSync(join(whole, 'added.snapshot')));
  });

  test('a state folder of an earlier version (one snapshot, with a search index, no base id) is read, then written whole', () => {
    const dir = scratchDir('papers-state-earlier');
    const state = join(dir, 'state');
    const now = join(dir, 'now');
    run(seeds[0], seeds[1], '--state', now);
    cpSync(now, state, { recursive: true });
    // as earlier versions wrote it: the snapshot with its search index and without a label
    const file = join(state, 'analysis.snapshot');
    const analysis = fromSnapshot(decodeSnapshot(readFileSync(file)));
    writeFileSync(file, encodeSnapshot(toSnapshot(analysis)));
    const earlier = run(...seeds, '--state', state);
    const current = run(...seeds, '--state', now);
    const { timings: _a, ...a } = earlier;
    const { timings: _b, ...b } = current;
    assert.deepEqual(a, b);
    assert.ok(!existsSync(join(state, 'added.snapshot')), 'its next run writes it whole');
    assert.ok(!readFileSync(file).equals(encodeSnapshot(toSnapshot(analysis))));
  });

  test('an abstract damaged inside the state is reported when it is read, and the state left as it is', () => {
    const dir = join(scratchDir('papers-state-abstract'), 'state');
    run(seeds[0], '--state', dir);
    const file = join(dir, 'analysis.snapshot');
    const bytes = readFileSync(file);
    // two letters of an abstract made one (é): the abstracts' text no longer has the length its layout gives,
    // which a reader finds only when it decodes it. The state's abstracts are read when first used; one in the
    // middle of the dump is in a piece of text that holds abstracts only, which the restore leaves unread.
    const abstracts = readFileSync(seeds[0], 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const abstract = abstracts[Math.floor(abstracts.length / 2)];
    const at = bytes.indexOf(Buffer.from(abstract.slice(0, 60), 'utf8'));
    assert.ok(at > 0, 'the abstract is in the state as written');
    bytes[at + 10] = 0xc3;
    bytes[at + 11] = 0xa9;
    writeFileSync(file, bytes);
    const r = papers('analyze', seeds[0], '--state', dir, '--json');
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(
      stderrLines(r.stderr)[0],
      new RegExp(`cannot read the state ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    assert.ok(readFileSync(file).equals(bytes), 'the state file is left as it was');
  });

  test('a state that cannot be read is reported and left as it is; --regroup needs --state', () => {
    const dir = scratchDir('papers-state-damaged');
    const file = join(dir, 'analysis.snapshot');
    writeFileSync(file, 'PAPERS-SNAPSHOT\nnot really');
    const r = papers('analyze', seeds[0], '--state', dir, '--json');
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '');
    assert.match(
      stderrLines(r.stderr)[0],
      new RegExp(`cannot read the state ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    assert.equal(readFileSync(file, 'utf8'), 'PAPERS-SNAPSHOT\nnot really');
    const lone = papers('analyze', seeds[0], '--regroup');
    assert.equal(lone.status, 2);
    assert.match(lone.stderr, /--regroup goes with --state DIR/);
    const notFolder = papers('analyze', seeds[0], '--state', file);
    assert.equal(notFolder.status, 1);
    assert.match(notFolder.stderr, /is not a folder/);
  });
});
