import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBibtex } from '../../../src/core/collections/formats/bibtex';
import { scratchDir } from '../../helpers/scratchDir';
import { FORMAT_FILES as FILES, papers, stderrLines } from '../../helpers/cli';
import { FORMAT_FIXTURES as fixtures } from '../../helpers/formatFixtures';

describe('papers export', () => {
  test('papers export --format bibtex writes entries keyed by paper key that the BibTeX parser reads back', () => {
    // metadata files first: the corpus merge keeps the first file's paper and fills in only its title from later ones
    const run = papers('export', '--format', 'bibtex', ...FILES.slice(1), FILES[0]);
    assert.equal(run.status, 1, 'the two entries with neither title nor abstract are still reported');
    assert.equal(stderrLines(run.stderr).length, 2);
    const back = parseBibtex(run.stdout, 'export.bib');
    assert.deepEqual(back.problems, []);
    assert.equal(back.papers.length, 7);
    const book = back.papers.find((p) => p.abstract === '')!;
    assert.deepEqual(
      [book.sourceTitle, book.authors, book.year],
      ['A Book Without an Abstract', ['N. Nobody'], '2019'],
    );
    assert.ok(
      back.papers.every((p) => /^[a-z0-9-]+-[0-9a-f]{7}$/.test(p.sourceKey ?? '')),
      back.papers.map((p) => p.sourceKey).join(' '),
    );
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
    const keyed = JSON.parse(papers('export', '--format', 'json', ...clean).stdout) as {
      key: string;
      id: string;
      abstract: string;
    }[];
    const qn = keyed.find((p) => p.abstract.startsWith('We propose QuasarNet'))!;
    writeFileSync(
      join(notes, `${qn.key}.md`),
      `---\npaper: ${qn.key}\nid: ${qn.id}\n---\n\n# QuasarNet\n\n> ...\n\n## Notes\n\nCompare with SDSS templates.\n`,
    );
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
});
