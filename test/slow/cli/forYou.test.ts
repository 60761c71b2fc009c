import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { paperId } from '../../../src/core/papers/ids';
import { serializeUserData } from '../../../src/core/papers/userData';
import { papers, stderrLines } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratchDir';

/** Made-up abstracts on one subject each (distinct sentences: distinct papers). */
function abstracts(subject: string, words: string, n: number): string[] {
  return Array.from(
    { length: n },
    (_, i) =>
      `We study ${subject} in setting number ${i + 1}, where ${words} matter most. Our method measures how ` +
      `${subject} changes under condition ${String.fromCharCode(65 + i)} and relates it to ${words}. ` +
      `Experiments show that ${subject} improves by ${10 + i} percent.`,
  );
}

const REEFS = abstracts('coral reef acoustics', 'hydrophone recordings of fish choruses', 12);
const GLACIERS = abstracts('glacier moulin drainage', 'meltwater pressure in ice sheets', 12);
const BEES = abstracts('beehive thermal regulation', 'worker bees fanning wings', 12);
const ids = (list: string[]) => list.map(paperId);

/** A workspace whose reader starred and read reef papers, linked one from code, and wrote notes on another. */
function workspace(): string {
  const dir = scratchDir('papers-foryou');
  const all = [...REEFS, ...GLACIERS, ...BEES];
  writeFileSync(join(dir, 'library.txt'), `Daily Papers\n\n${all.join('\n\n')}\n`);
  mkdirSync(join(dir, '.vscode'));
  writeFileSync(
    join(dir, '.vscode', 'settings.json'),
    '{\n  // as the extension writes it\n  "papers.collections": ["library.txt"],\n  "papers.notesFolder": "reading"\n}\n',
  );
  const store = join(dir, '.papers', 'papers');
  mkdirSync(store, { recursive: true });
  const reef = ids(REEFS);
  for (const id of reef.slice(0, 3)) writeFileSync(join(store, `${id}.json`), serializeUserData({ starred: true }));
  for (const id of reef.slice(3, 5)) writeFileSync(join(store, `${id}.json`), serializeUserData({ read: true }));
  mkdirSync(join(dir, '.papers', 'links'));
  writeFileSync(
    join(dir, '.papers', 'links', `${reef[5]}.json`),
    JSON.stringify([
      {
        id: 'a1b2c3d4e5f6',
        paper: reef[5],
        file: 'src/train.py',
        range: { startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 5 },
        anchor: { text: 'train', before: '', after: '' },
        created: '2026-01-01T00:00:00.000Z',
      },
    ]),
  );
  mkdirSync(join(dir, 'reading'));
  writeFileSync(
    join(dir, 'reading', `reef-${reef[6].slice(0, 7)}.md`),
    `---\nid: ${reef[6]}\n---\n\n## Notes\n\nmine\n`,
  );
  return dir;
}

type Out = { papers: { id: string; title: string; score: number; because: { id: string; signal: string }[] }[] };

describe('papers foryou', () => {
  test('ranks the unread papers like the starred, linked and noted ones; read ones left out', () => {
    const dir = workspace();
    const run = papers('foryou', '--workspace', dir, '--limit', '5', '--json');
    assert.equal(run.stderr, '');
    assert.equal(run.status, 0);
    const out = JSON.parse(run.stdout) as Out;
    const reef = ids(REEFS);
    assert.equal(out.papers.length, 5);
    const listed = out.papers.map((p) => p.id);
    // the reef papers that carry no signal: 7..11 (5, linked from code, and 6, with notes, are signals too)
    assert.deepEqual([...listed].sort(), reef.slice(7, 12).sort(), 'the five unsignalled reef papers, nothing else');
    for (const p of out.papers) {
      assert.deepEqual(Object.keys(p), ['id', 'title', 'score', 'because']);
      assert.ok(p.because.length > 0 && p.because.every((b) => reef.slice(0, 7).includes(b.id)));
    }
    const signals = new Set(out.papers.flatMap((p) => p.because.map((b) => `${b.id}:${b.signal}`)));
    assert.ok(
      reef.slice(0, 3).some((id) => signals.has(`${id}:starred`)),
      [...signals].join(' '),
    );
    const scores = out.papers.map((p) => p.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'best first',
    );
  });

  test('--tag ranks by the papers with that tag; the text form names the signal papers', () => {
    const dir = workspace();
    const store = join(dir, '.papers', 'papers');
    for (const id of ids(GLACIERS).slice(0, 2))
      writeFileSync(join(store, `${id}.json`), serializeUserData({ tags: ['ice'] }));
    const out = JSON.parse(
      papers('foryou', '--workspace', dir, '--tag', 'ice', '--limit', '3', '--json').stdout,
    ) as Out;
    assert.deepEqual(
      out.papers.map((p) => ids(GLACIERS).includes(p.id)),
      [true, true, true],
    );
    const text = papers('foryou', '--workspace', dir, '--limit', '2');
    assert.equal(text.status, 0);
    assert.match(text.stdout, /like .*\(starred\)/);
  });

  test('a broken file is one line naming it; the other signals still count; exit 1', () => {
    const dir = workspace();
    const bad = ids(BEES)[0];
    writeFileSync(join(dir, '.papers', 'papers', `${bad}.json`), '{\n  "starred": tru\n}\n');
    const run = papers('foryou', '--workspace', dir, '--limit', '3', '--json');
    assert.equal(run.status, 1);
    const lines = stderrLines(run.stderr);
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0], new RegExp(`^\\.papers/papers/${bad}\\.json(:\\d+)?: .*JSON`));
    assert.equal((JSON.parse(run.stdout) as Out).papers.length, 3);
  });

  test('no signal: says how to give some', () => {
    const dir = scratchDir('papers-foryou-empty');
    writeFileSync(join(dir, 'library.txt'), `Daily Papers\n\n${REEFS.join('\n\n')}\n`);
    const run = papers('foryou', join(dir, 'library.txt'), '--workspace', dir);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^no signals yet: star, tag, highlight/);
    const usage = papers('foryou', '--limit', '0');
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /--limit must be a positive whole number/);
  });
});
