/**
 * `papers link` / `papers links` as a user runs them: the built CLI (dist/cli.js) spawned in a temporary
 * workspace folder. `npm run test:slow` builds dist first.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lineRange, parseLinks, serializeLinks, createLink } from '../../../src/core/links/links';
import { repoRoot } from '../../helpers/repoRoot';

const ROOT = repoRoot();
const CLI = join(ROOT, 'dist', 'cli.js');
/** The first paper of the bundled seeds (EnvFactory), by id and by key. */
const PAPER_ID = '444ba9f7dc1c';
const PAPER_KEY = 'envfactory-444ba9f';

function papers(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const APP = [
  'import os',
  '',
  '',
  'def main(argv):',
  '    path = argv[1]',
  '    with open(path) as f:',
  '        print(f.read())',
  '    return 0',
  '',
].join('\n');

describe('papers link / papers links', () => {
  let ws = '';
  before(() => {
    ws = mkdtempSync(join(tmpdir(), 'papers-cli-links-'));
    mkdirSync(join(ws, 'src'));
    writeFileSync(join(ws, 'src', 'app.py'), APP);
  });
  after(() => rmSync(ws, { recursive: true, force: true }));

  test('link writes .papers/links/<paper id>.json exactly as the editor does for the same lines', () => {
    const r = papers(ws, 'link', PAPER_KEY, 'src/app.py:4-8', '--note', 'reads the input');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, new RegExp(`^linked ${PAPER_KEY} to src/app.py:4-8 \\(link [0-9a-f]{12}\\)\\n$`));
    const text = readFileSync(join(ws, '.papers', 'links', `${PAPER_ID}.json`), 'utf8');
    const [link] = parseLinks(text, 'x');
    const editor = createLink({
      paper: PAPER_ID,
      file: 'src/app.py',
      range: lineRange(APP, 3, 7)!,
      fileText: APP,
      note: 'reads the input',
      id: link.id,
      created: new Date(link.created),
    });
    assert.equal(text, serializeLinks([editor]), 'same keys, order, range and anchor as the editor command writes');
    assert.deepEqual(link.range, { startLine: 3, startCharacter: 0, endLine: 7, endCharacter: 12 });
  });

  test('links --json re-anchors against the files as they are now (ok, moved, stale)', () => {
    assert.deepEqual(JSON.parse(papers(ws, 'links', '--json').out), [
      { paper: PAPER_KEY, file: 'src/app.py', status: 'ok', startLine: 4, endLine: 8 },
    ]);
    writeFileSync(join(ws, 'src', 'app.py'), `#!/usr/bin/env python\n"""A tool."""\n${APP}`);
    assert.deepEqual(JSON.parse(papers(ws, 'links', '--json').out), [
      { paper: PAPER_KEY, file: 'src/app.py', status: 'moved', startLine: 6, endLine: 10 },
    ]);
    const readable = papers(ws, 'links');
    assert.equal(readable.code, 0);
    assert.match(readable.out, /src\/app\.py:6-10 +moved +envfactory-444ba9f +"reads the input"/);
    assert.match(readable.out, /1 link: 0 ok, 1 moved, 0 stale/);
  });

  test('links --check exits 1 and names the file and line of a stale link; the link is kept', () => {
    assert.equal(papers(ws, 'links', '--check').code, 0);
    writeFileSync(join(ws, 'src', 'app.py'), 'import os\n\nprint("rewritten from scratch")\n');
    const r = papers(ws, 'links', '--check', '--json');
    assert.equal(r.code, 1);
    assert.deepEqual(JSON.parse(r.out), [{ paper: PAPER_KEY, file: 'src/app.py', status: 'stale' }]);
    assert.match(r.err, /^src\/app\.py:4: stale link to envfactory-444ba9f: the linked text is no longer there/);
    assert.equal(parseLinks(readFileSync(join(ws, '.papers', 'links', `${PAPER_ID}.json`), 'utf8'), 'x').length, 1);
  });

  test('usage errors are one line with exit code 2, naming the file and line', () => {
    const cases: [string[], RegExp][] = [
      [['link', PAPER_KEY], /^papers link: give a paper and lines/],
      [['link', PAPER_KEY, 'src/app.py'], /is not <file>:<start>-<end>/],
      [['link', PAPER_KEY, 'src/nope.py:1-2'], /^papers link: src\/nope\.py: cannot read the file/],
      [
        ['link', PAPER_KEY, 'src/app.py:2-40'],
        /^papers link: src\/app\.py:40: lines 2-40 are not in the file \(it has 4 lines\)/,
      ],
      [['link', 'no-such-paper-0000000', 'src/app.py:1-1'], /no paper has the key or id "no-such-paper-0000000"/],
      [['link', PAPER_KEY, '../outside.py:1-1'], /is outside the workspace folder/],
    ];
    for (const [args, message] of cases) {
      const r = papers(ws, ...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, message);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
    }
  });

  test('a broken link file is reported with its file and line, and links exits 1', () => {
    const other = join(ws, '.papers', 'links', 'abcdef123456.json');
    writeFileSync(other, '[\n  {\n    "id": "x",\n    broken\n');
    const r = papers(ws, 'links', '--json');
    assert.equal(r.code, 1);
    assert.match(r.err, /^\.papers\/links\/abcdef123456\.json:4: not valid JSON/);
    rmSync(other);
  });
});

describe('papers link with papers.collections from .vscode/settings.json', () => {
  let ws = '';
  before(() => {
    ws = mkdtempSync(join(tmpdir(), 'papers-cli-collections-'));
    mkdirSync(join(ws, '.vscode'));
    mkdirSync(join(ws, 'papers'));
    const seed = readdirSync(join(ROOT, 'seeds')).sort()[0];
    const lines = readFileSync(join(ROOT, 'seeds', seed), 'utf8').split('\n');
    // A small collection of its own: the header and the third abstract only.
    writeFileSync(join(ws, 'papers', 'mine.txt'), `${lines[0]}\n\n${lines.filter((l) => l.length > 200)[2]}\n`);
    writeFileSync(
      join(ws, '.vscode', 'settings.json'),
      '{\n  // JSON with comments, as VS Code writes it\n  "papers.collections": ["papers/*.txt",],\n  "editor.tabSize": 2,\n}\n',
    );
    writeFileSync(join(ws, 'notes.md'), '# Notes\n\nThe reward model idea.\n');
  });
  after(() => rmSync(ws, { recursive: true, force: true }));

  test('resolves papers against the configured collections only', () => {
    assert.equal(papers(ws, 'link', PAPER_KEY, 'notes.md:3').code, 2, 'a seed paper is not in this workspace');
    const analysis = JSON.parse(
      spawnSync(process.execPath, [CLI, 'analyze', '--json', join(ws, 'papers', 'mine.txt')], { encoding: 'utf8' })
        .stdout,
    );
    const id = analysis.papers[0].id as string;
    const r = papers(ws, 'link', id, 'notes.md:3');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.err, '');
    const listed = JSON.parse(papers(ws, 'links', '--json').out);
    assert.equal(listed.length, 1);
    assert.ok(listed[0].paper.endsWith(`-${id.slice(0, 7)}`), listed[0].paper);
    assert.deepEqual(
      { ...listed[0], paper: undefined },
      { paper: undefined, file: 'notes.md', status: 'ok', startLine: 3, endLine: 3 },
    );
  });
});
