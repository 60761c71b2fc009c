/**
 * `papers links` on a workspace whose inputs cannot all be read: a links file that is a folder or a symlink loop,
 * `.papers/links` that is a file, `.vscode/settings.json` that is a folder, one links file of 200,000 links. Each
 * ends with one line naming the file and exit 1, never a stack trace, and the good links are still listed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLink, lineRange, linksFilePath, serializeLinks } from '../../../src/core/links/links';
import { scratchDir } from '../../helpers/scratchDir';
import { cli, stderrLines } from '../../helpers/cli';

/** Papers of the bundled seeds (what `papers links` loads when no collection is configured). */
const PAPER_ID = '444ba9f7dc1c';
const APP = 'import os\n\n\ndef main(argv):\n    return 0\n';

/** A workspace with src/app.py and one good link to it. */
function workspace(): string {
  const ws = scratchDir('papers-links-inputs');
  mkdirSync(join(ws, 'src'));
  writeFileSync(join(ws, 'src', 'app.py'), APP);
  mkdirSync(join(ws, '.papers', 'links'), { recursive: true });
  const link = createLink({ paper: PAPER_ID, file: 'src/app.py', range: lineRange(APP, 3, 4)!, fileText: APP });
  writeFileSync(join(ws, linksFilePath(PAPER_ID)), serializeLinks([link]));
  return ws;
}

function links(ws: string, seconds = 60, args = ['links']) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: ws,
    encoding: 'utf8',
    timeout: seconds * 1000,
    maxBuffer: 256 * 2 ** 20,
  });
  assert.equal(r.signal, null, `papers links was killed (${r.signal}): a hang`);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, 'no stack trace');
  return r;
}

describe('papers links with inputs that cannot be read', () => {
  test('a links file that is a folder, and one that is a symlink loop: one line each, the good link listed', () => {
    const ws = workspace();
    mkdirSync(join(ws, '.papers', 'links', 'aaaaaaaaaaaa.json'));
    symlinkSync('bbbbbbbbbbbb.json', join(ws, '.papers', 'links', 'bbbbbbbbbbbb.json'));
    const r = links(ws);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^src\/app\.py:4-5 +ok /m);
    assert.deepEqual(stderrLines(r.stderr), [
      '.papers/links/aaaaaaaaaaaa.json: cannot read the file: it is a folder, not a file',
      '.papers/links/bbbbbbbbbbbb.json: cannot read the file: too many levels of symbolic links (a symlink loop?)',
    ]);
  });

  test('.papers/links is a file: one line, exit 1', () => {
    const ws = scratchDir('papers-links-file');
    mkdirSync(join(ws, '.papers'));
    writeFileSync(join(ws, '.papers', 'links'), 'not a folder');
    const r = links(ws);
    assert.equal(r.status, 1);
    assert.deepEqual(stderrLines(r.stderr), ['.papers/links: it is a file, not a folder; no links read']);
  });

  test('.vscode/settings.json is a folder: one line, the bundled seeds used, the link listed', () => {
    const ws = workspace();
    mkdirSync(join(ws, '.vscode', 'settings.json'), { recursive: true });
    const r = links(ws);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^src\/app\.py:4-5 +ok +envfactory-444ba9f/m);
    assert.deepEqual(stderrLines(r.stderr), [
      '.vscode/settings.json: cannot read the file: it is a folder, not a file; using the bundled seeds',
    ]);
  });

  test('a collection glob that meets a symlink loop and a FIFO: neither is entered nor read', () => {
    const ws = workspace();
    mkdirSync(join(ws, '.vscode'));
    writeFileSync(join(ws, '.vscode', 'settings.json'), '{ "papers.collections": ["**/*.txt"] }');
    symlinkSync('loop', join(ws, 'loop'));
    spawnSync('mkfifo', [join(ws, 'pipe.txt')]);
    const r = links(ws);
    assert.match(r.stdout, /^src\/app\.py:4-5 +ok /m);
    assert.equal(r.status, 0, r.stderr);
  });

  test('one links file of 200,000 links is listed, not a stack overflow', () => {
    const ws = workspace();
    const one = createLink({ paper: PAPER_ID, file: 'src/app.py', range: lineRange(APP, 0, 0)!, fileText: APP });
    // a links file holds the links of its own paper only (the file is named after it)
    const many = Array.from({ length: 200_000 }, (_, i) => ({
      ...one,
      paper: 'cccccccccccc',
      id: i.toString(16).padStart(12, '0'),
    }));
    writeFileSync(join(ws, linksFilePath('cccccccccccc')), serializeLinks(many));
    const r = links(ws, 120);
    assert.equal(r.status, 0, r.stderr.slice(0, 500));
    assert.match(r.stdout, /^200,?001 links: 200,?001 ok, 0 moved, 0 stale$/m);
  });

  test('.vscode/settings.json nested 100,000 deep: one line, the bundled seeds used, no stack overflow', () => {
    const ws = workspace();
    mkdirSync(join(ws, '.vscode'));
    writeFileSync(join(ws, '.vscode', 'settings.json'), '['.repeat(100_000));
    const r = links(ws);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^src\/app\.py:4-5 +ok /m);
    assert.deepEqual(stderrLines(r.stderr), [
      '.vscode/settings.json: cannot read the file: it is nested too deeply; using the bundled seeds',
    ]);
  });
});

describe('papers link never reads or writes outside the workspace through a symlink', () => {
  /** A workspace beside a folder it must not touch, holding one file. */
  function besideVictim(): { ws: string; victim: string } {
    const base = scratchDir('papers-link-symlink');
    const ws = join(base, 'ws');
    const victim = join(base, 'victim');
    mkdirSync(join(ws, 'src'), { recursive: true });
    mkdirSync(victim);
    writeFileSync(join(ws, 'src', 'app.py'), APP);
    writeFileSync(join(victim, 'keep.txt'), 'untouched\n');
    return { ws, victim };
  }

  function assertUntouched(victim: string): void {
    assert.deepEqual(readdirSync(victim), ['keep.txt'], 'nothing written beside the victim file');
    assert.equal(readFileSync(join(victim, 'keep.txt'), 'utf8'), 'untouched\n');
  }

  for (const [name, link] of [
    ['.papers', ['.papers']],
    ['.papers/links', ['.papers', 'links']],
  ] as const) {
    test(`${name} is a symlink to a folder outside: refused in one line, nothing written there`, () => {
      const { ws, victim } = besideVictim();
      if (link.length === 2) mkdirSync(join(ws, '.papers'));
      symlinkSync(victim, join(ws, ...link));
      const r = links(ws, 60, ['link', PAPER_ID, 'src/app.py:1-2']);
      assert.equal(r.status, 1);
      const lines = stderrLines(r.stderr);
      assert.equal(lines.length, 1, r.stderr);
      assert.match(
        lines[0],
        /^papers link: \.papers\/links\/444ba9f7dc1c\.json: refused: it resolves to .*outside the workspace/,
      );
      assertUntouched(victim);
    });
  }

  test('a linked file that is a symlink to a file outside is refused and never read', () => {
    const { ws, victim } = besideVictim();
    symlinkSync(join(victim, 'keep.txt'), join(ws, 'src', 'secret.txt'));
    const r = links(ws, 60, ['link', PAPER_ID, 'src/secret.txt:1']);
    assert.equal(r.status, 2);
    assert.match(
      stderrLines(r.stderr)[0],
      /^papers link: src\/secret\.txt: refused: it resolves to .*outside the workspace/,
    );
    assert.equal(existsSync(join(ws, '.papers')), false, 'no links file made');
    assertUntouched(victim);
  });
});
