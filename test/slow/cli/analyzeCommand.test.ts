import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBibtex } from '../../../src/core/collections/formats/bibtex';
import { scratchDir } from '../../helpers/scratchDir';
import { repoRoot } from '../../helpers/repoRoot';

const root = repoRoot();
const cli = join(root, 'dist', 'cli.js');
const fixtures = join(root, 'test', 'fixtures', 'formats');
const FILES = ['quasars.txt', 'quasars.bib', 'quasars.json', 'quasars.jsonl', 'quasars.xml'].map((f) => join(fixtures, f));

const papers = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const stderrLines = (stderr: string) => stderr.trim().split('\n').filter(Boolean);

test('papers analyze reads every format; the same paper from five files is one, under its real title', () => {
  const run = papers('analyze', ...FILES, '--json');
  const out = JSON.parse(run.stdout);
  assert.equal(out.papers.length, 6);
  const qn = out.papers.find((p: { abstract: string }) => p.abstract.startsWith('We propose QuasarNet'));
  assert.equal(qn.collections.length, 5);
  assert.equal(qn.title, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
  assert.ok(out.papers.some((p: { title: string }) => p.title === 'Bees Count to Four'));
  // the two entries without an abstract: one line each, file:line: message, exit 1
  assert.equal(run.status, 1);
  assert.deepEqual(stderrLines(run.stderr), [
    `${join(fixtures, 'quasars.bib')}:23: entry "nobody2019" has no abstract; skipped`,
    `${join(fixtures, 'quasars.json')}:22: item 3 (id "http://zotero.org/users/1/items/IJKL9012") has no abstract; skipped`,
  ]);
});

test('papers analyze tells formats by content when the extension says nothing or lies', () => {
  const dir = scratchDir('papers-formats');
  copyFileSync(join(fixtures, 'quasars.bib'), join(dir, 'refs.txt'));
  copyFileSync(join(fixtures, 'quasars.json'), join(dir, 'zotero-export'));
  copyFileSync(join(fixtures, 'quasars.xml'), join(dir, 'arxiv.json'));
  copyFileSync(join(fixtures, 'quasars.jsonl'), join(dir, 'papers.json'));
  const run = papers('analyze', join(dir, 'refs.txt'), join(dir, 'zotero-export'), join(dir, 'arxiv.json'), join(dir, 'papers.json'), '--json');
  const out = JSON.parse(run.stdout);
  assert.equal(out.papers.length, 5, 'QuasarNet, tides, glacier, halos, bees');
  assert.equal(out.papers.find((p: { abstract: string }) => p.abstract.startsWith('We propose QuasarNet')).collections.length, 4);
});

test('bad input in every format: one line per problem naming file and line, exit 1, good entries load, no stack trace', () => {
  const dir = scratchDir('papers-bad');
  const write = (name: string, text: string | Buffer) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const files = [
    write('refs.bib', '@misc{ok, abstract = {A fine BibTeX abstract.}}\n@misc{open, abstract = {unclosed\n@misc{ok2, abstract = {Another fine one.}}\n'),
    write('zotero.json', '[\n  {"id": "a", "abstract": "A fine CSL abstract."},\n  {"id": "b", "abstract": oops},\n  {"id": "c", "abstract": "Another CSL one."}\n]\n'),
    write('papers.jsonl', '{"abstract": "A fine JSON Lines abstract."}\nnot json at all\n'),
    write('query.xml', '<feed>\n<entry><id>1</id><summary>A fine Atom abstract.</summary></entry>\n<entry><id>2</id><summary>broken</summmary></entry>\n</feed>\n'),
    write('empty.bib', ''),
    write('binary.json', Buffer.from([0x5b, 0x0a, 0x00, 0x01])),
    write('notes.md', '# not papers\n'),
  ];
  const run = papers('analyze', ...files, '--json');
  assert.equal(run.status, 1);
  assert.equal(JSON.parse(run.stdout).papers.length, 6);
  const lines = stderrLines(run.stderr);
  assert.deepEqual(
    lines.map((l) => l.slice(dir.length + 1).split(': ')[0]),
    ['refs.bib:2', 'zotero.json:3', 'papers.jsonl:2', 'query.xml:3', 'empty.bib', 'binary.json:2', 'notes.md:1'],
    run.stderr,
  );
  assert.doesNotMatch(run.stderr, /\n\s+at |internal error/, 'no stack trace');
});

test('papers export --format bibtex writes entries keyed by paper key that the BibTeX parser reads back', () => {
  // metadata files first: the corpus merge keeps the first file's paper and fills in only its title from later ones
  const run = papers('export', '--format', 'bibtex', ...FILES.slice(1), FILES[0]);
  assert.equal(run.status, 1, 'the two entries without an abstract are still reported');
  assert.equal(stderrLines(run.stderr).length, 2);
  const back = parseBibtex(run.stdout, 'export.bib');
  assert.deepEqual(back.problems, []);
  assert.equal(back.papers.length, 6);
  assert.ok(back.papers.every((p) => /^[a-z0-9-]+-[0-9a-f]{7}$/.test(p.sourceKey ?? '')), back.papers.map((p) => p.sourceKey).join(' '));
  const qn = back.papers.find((p) => p.abstract.startsWith('We propose QuasarNet'))!;
  assert.equal(qn.sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
  assert.deepEqual(qn.authors, ['Jane Doe', 'Hans Müller', 'Sloan Digital Sky Survey']);
  assert.equal(qn.doi, '10.3847/1538-3881/ab1234');
});

test('papers export --format json|markdown, with the notes of a notes folder', () => {
  const dir = scratchDir('papers-notes');
  const notes = join(dir, 'notes');
  mkdirSync(notes);
  const clean = [join(fixtures, 'quasars.jsonl'), join(fixtures, 'quasars.xml')];
  const keyed = JSON.parse(papers('export', '--format', 'json', ...clean).stdout) as { key: string; id: string; abstract: string }[];
  const qn = keyed.find((p) => p.abstract.startsWith('We propose QuasarNet'))!;
  writeFileSync(join(notes, `${qn.key}.md`), `---\npaper: ${qn.key}\nid: ${qn.id}\n---\n\n# QuasarNet\n\n> ...\n\n## Notes\n\nCompare with SDSS templates.\n`);
  const json = papers('export', '--format', 'json', '--notes', notes, ...clean);
  assert.equal(json.status, 0, json.stderr);
  const out = JSON.parse(json.stdout);
  assert.equal(out.length, 3);
  assert.equal(out.find((p: { id: string }) => p.id === qn.id).note, 'Compare with SDSS templates.');
  assert.deepEqual(out.find((p: { id: string }) => p.id === qn.id).collections, ['quasars', 'quasars (2)']);
  const bib = papers('export', '--notes', notes, ...clean);
  assert.equal(bib.status, 0);
  assert.match(bib.stdout, /note = \{Compare with SDSS templates\.\}/);
  const md = papers('export', '-f', 'markdown', ...clean);
  assert.equal(md.status, 0);
  assert.match(md.stdout, /^# Papers\n\n## /);
  assert.match(md.stdout, /## Bees Count to Four\n/);
});

test('papers export usage errors: one line, exit 2', () => {
  const bad = papers('export', '--format', 'ris', join(fixtures, 'quasars.jsonl'));
  assert.equal(bad.status, 2);
  assert.deepEqual(stderrLines(bad.stderr), ['papers export: --format must be bibtex, json, markdown; not "ris"']);
  const noNotes = papers('export', '--notes', join(fixtures, 'no-such-folder'), join(fixtures, 'quasars.jsonl'));
  assert.equal(noNotes.status, 2);
  assert.equal(stderrLines(noNotes.stderr).length, 1);
  assert.match(noNotes.stderr, /cannot read the notes folder/);
});
