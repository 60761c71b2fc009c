/**
 * Inputs an unlucky user (or an attacker) gives the CLI: special files in place of collections, files of
 * hundreds of thousands of problems, pathological BibTeX macros, a first JSON Lines record past any sniffing
 * window. Each case runs the built CLI with a time limit, so a hang fails the test instead of the suite, and
 * checks that the good file given beside the bad one still loads and no stack trace is printed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../helpers/scratchDir';
import { cli, stderrLines } from '../../helpers/cli';
import { FORMAT_FIXTURES } from '../../helpers/formatFixtures';

/** The good collection given beside each bad input: its papers must load whatever the other files hold. */
const GOOD = join(FORMAT_FIXTURES, 'quasars.txt');
const GOOD_ABSTRACT = /^We propose QuasarNet/;

/** `papers ...args`, killed after `seconds` (a hang then shows as a signal, not a stuck suite). */
function papersWithin(seconds: number, args: string[], cwd?: string) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: seconds * 1000,
    maxBuffer: 256 * 2 ** 20,
  });
  assert.equal(r.signal, null, `papers ${args.join(' ').slice(0, 80)} was killed (${r.signal}): a hang`);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, 'no stack trace');
  return r;
}

/** The abstracts of `analyze --json`'s output. */
const abstracts = (stdout: string) =>
  (JSON.parse(stdout) as { papers: { abstract: string }[] }).papers.map((p) => p.abstract);

describe('papers analyze with special files and pathological input', () => {
  test('a FIFO, a symlink to /dev/zero, /dev/zero and a folder named x.bib: one line each, never read; the good file loads', () => {
    const dir = scratchDir('papers-special');
    const fifo = join(dir, 'pipe.bib');
    const made = spawnSync('mkfifo', [fifo]);
    assert.equal(made.status, 0, `mkfifo: ${made.stderr}`);
    symlinkSync('/dev/zero', join(dir, 'zero.txt'));
    mkdirSync(join(dir, 'x.bib'));
    const files = [fifo, join(dir, 'zero.txt'), '/dev/zero', join(dir, 'x.bib')];
    const r = papersWithin(30, ['analyze', '--json', ...files, GOOD]);
    assert.equal(r.status, 1);
    assert.ok(abstracts(r.stdout).some((a) => GOOD_ABSTRACT.test(a)));
    assert.deepEqual(stderrLines(r.stderr), [
      `${fifo}: cannot read the file: it is a named pipe (FIFO), not a regular file; not read`,
      `${join(dir, 'zero.txt')}: cannot read the file: it is a device, not a regular file; not read`,
      '/dev/zero: cannot read the file: it is a device, not a regular file; not read',
      `${join(dir, 'x.bib')}: cannot read the file: it is a folder, not a file`,
    ]);
  });

  test('200,000 problems in each format (and 200,000 CSL items glued to a broken one): reported up to the cap, the good file loads', () => {
    const dir = scratchDir('papers-many-problems');
    const n = 200_000;
    const bad: Record<string, string> = {
      'empty.jsonl': '{}\n'.repeat(n),
      'items.json': `[${Array(n).fill('{}').join(',\n')}]`,
      'glued.json': `[\n{"title": "cut",\n${Array(n).fill('{"title": "t"}').join(',\n')}\n]`,
      'misc.bib': '@misc{k,}\n'.repeat(n),
      'entries.xml': `<feed>${'<entry></entry>\n'.repeat(n)}</feed>`,
      'dump.txt': `Daily Papers\n${'x\n'.repeat(n)}`,
    };
    const files = Object.entries(bad).map(([name, text]) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    });
    const r = papersWithin(120, ['analyze', '--json', ...files, GOOD]);
    assert.equal(r.status, 1);
    assert.ok(abstracts(r.stdout).some((a) => GOOD_ABSTRACT.test(a)));
    const lines = stderrLines(r.stderr);
    for (const file of files) {
      const ofFile = lines.filter((l) => l.startsWith(`${file}:`));
      assert.ok(ofFile.length <= 1001, `${file}: ${ofFile.length} lines`);
      assert.match(ofFile[ofFile.length - 1], /: … and [\d,]+ more problems in this file$/);
    }
  });

  test('3,000 @string macros and 3,000 broken entries are read in seconds, not minutes', () => {
    const dir = scratchDir('papers-strings');
    const macros = Array.from({ length: 3000 }, (_, i) => `@string{m${i} = "value ${i}"}`);
    // a missing comma between the fields: each entry is broken on its own
    const entries = Array.from({ length: 3000 }, (_, i) => `@misc{b${i}, title = {T ${i}} abstract = {x}}`);
    const file = join(dir, 'macros.bib');
    writeFileSync(file, [...macros, ...entries, '@misc{ok, title = m7, abstract = {An entry that loads.}}'].join('\n'));
    const r = papersWithin(40, ['analyze', '--json', file, GOOD]);
    assert.equal(r.status, 1);
    const loaded = abstracts(r.stdout);
    assert.ok(loaded.includes('An entry that loads.') && loaded.some((a) => GOOD_ABSTRACT.test(a)));
  });

  test('an @string doubling chain (m0 … m30) fails only the entry that uses it, with a clear problem', () => {
    const dir = scratchDir('papers-doubling');
    const chain = ['@string{m0 = "x"}'];
    for (let i = 1; i <= 30; i++) chain.push(`@string{m${i} = m${i - 1} # m${i - 1}}`);
    const file = join(dir, 'doubling.bib');
    writeFileSync(
      file,
      [
        ...chain,
        '@article{good, title = {Quasars}, abstract = {We study quasars at high redshift with a new survey.}}',
        '@article{bad, title = m30, abstract = {This entry uses the macro that doubles too often.}}',
      ].join('\n'),
    );
    const r = papersWithin(30, ['analyze', '--json', file]);
    assert.equal(r.status, 1);
    assert.deepEqual(abstracts(r.stdout), ['We study quasars at high redshift with a new survey.']);
    assert.deepEqual(stderrLines(r.stderr), [
      `${file}:19: this @string "m18" stands for more than 200,000 characters; entries that use it are skipped`,
      `${file}:33: entry "bad" cannot be read (it uses the @string "m30", which stands for more than 200,000 characters); skipped`,
    ]);
  });

  test('a JSON Lines file whose first record is over 64 KB is read as JSON Lines', () => {
    const dir = scratchDir('papers-jsonl');
    const file = join(dir, 'big.jsonl');
    const first = { abstract: 'A first record about quasars and their spectra.', notes: 'n'.repeat(70_000) };
    const second = { abstract: 'A second record about galaxies and stars.' };
    writeFileSync(file, `${JSON.stringify(first)}\n${JSON.stringify(second)}\n`);
    const r = papersWithin(30, ['analyze', '--json', file]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(abstracts(r.stdout).sort(), [first.abstract, second.abstract]);
  });
});

describe('papers search option values', () => {
  test('--query takes a value that starts with a dash (-is:read)', () => {
    const r = papersWithin(30, ['search', '--query', '-is:read', GOOD]);
    assert.equal(r.status, 0, r.stderr);
    const short = papersWithin(30, ['search', '-q', '-is:read', '--json', GOOD]);
    assert.equal(short.status, 0, short.stderr);
    assert.ok(Array.isArray(JSON.parse(short.stdout)));
  });

  test('a missing value is still a usage error, on one line', () => {
    const r = papersWithin(30, ['search', '--query', '--json', GOOD]);
    assert.equal(r.status, 2);
    assert.equal(stderrLines(r.stderr).length, 1);
  });
});
