import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { bibtexKey, latexEscape, noteExcerpt, toBibtex } from '../../../../src/core/export/bibtex';
import { toExportJson, toMarkdown } from '../../../../src/core/export/formats';
import { notesFileIdPart, userNoteText } from '../../../../src/core/export/notes';
import { parseBibtex } from '../../../../src/core/collections/formats/bibtex';
import { parseCslJson } from '../../../../src/core/collections/formats/cslJson';
import { paperId } from '../../../../src/core/papers/ids';
import { ParsedPaper } from '../../../../src/core/papers/types';
import { scratchDir } from '../../../helpers/scratchDir';
import { repoRoot } from '../../../helpers/repoRoot';

const fixtures = join(repoRoot(), 'test', 'fixtures', 'formats');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function paper(abstract: string, extra: Partial<ParsedPaper> = {}): ParsedPaper {
  return { id: paperId(abstract), abstract, sources: [{ collection: 'test', line: 1 }], ...extra };
}

/** BibTeX's own rule: braces, escaped or not, must balance inside each entry and never go below zero. */
function bracesBalance(bib: string): boolean {
  let depth = 0;
  for (const c of bib) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

const TRICKY: ParsedPaper[] = [
  paper('We use 50% of {a, b} & c_1 # $\\alpha$ ^ ~ < > | \\ -- --- `` \'\' "q" é α 😀 \\textbf{x} and a lone {.', {
    sourceTitle: 'BERT and QuasarNet: GPT-4 {x} for $x^2$ -- Über',
    authors: ['Jane Doe', 'R & D and Co', 'Émile Zola'],
    year: '2020',
    url: 'https://example.org/a b{c}?q=1%202#frag',
    doi: '10.1234/ab{c}',
  }),
  paper('A second one with an unbalanced } brace and a backslash at the end \\', { sourceTitle: 'Plain title' }),
  paper('Third, untitled.'),
];

test('export, then parse back with the BibTeX library: same keys, titles, abstracts, authors, year, url and doi', () => {
  const keys = ['doe2020', 'doe2020', 'third one'];
  const bib = toBibtex(TRICKY, { keyOf: (p) => keys[TRICKY.indexOf(p)] });
  assert.ok(bracesBalance(bib));
  const back = parseBibtex(bib, 'export.bib');
  assert.deepEqual(back.problems, []);
  assert.deepEqual(back.papers.map((p) => p.sourceKey), ['doe2020', 'doe2020-2', 'third-one'], 'keys are valid and unique');
  assert.deepEqual(back.papers.map((p) => p.abstract), TRICKY.map((p) => oneLine(p.abstract)));
  assert.deepEqual(back.papers.map((p) => p.id), TRICKY.map((p) => p.id), 'same ids, so a re-import merges');
  assert.deepEqual(back.papers.map((p) => p.sourceTitle), ['BERT and QuasarNet: GPT-4 {x} for $x^2$ -- Über', 'Plain title', undefined]);
  assert.deepEqual(back.papers[0].authors, TRICKY[0].authors);
  assert.equal(back.papers[0].year, '2020');
  assert.equal(back.papers[0].url, 'https://example.org/a%20b%7Bc%7D?q=1%202#frag');
  assert.equal(back.papers[0].doi, '10.1234/ab%7Bc%7D');
});

test('the entries are @misc with escaped specials, protected capitals and a note excerpt', () => {
  const bib = toBibtex([TRICKY[0]], { keyOf: () => 'k', noteOf: () => `Read it again. ${'word '.repeat(200)}` });
  assert.match(bib, /^@misc\{k,\n {2}title = \{\{BERT\} and \{QuasarNet:\} \{GPT-4\} \\textbraceleft\{\}x\\textbraceright\{\} for \\\$x\\textasciicircum\{\}2\\\$ -\{\}- Über\},\n/);
  assert.match(bib, /\n {2}author = \{Jane Doe and \{R \\& D and Co\} and Émile Zola\},\n/);
  assert.match(bib, /\n {2}note = \{Read it again\. word word .*…\}\n\}\n$/);
  const note = /note = \{(.*)\}/.exec(bib)![1];
  assert.ok(note.length <= 510);
});

/** Short texts made mostly of the characters BibTeX and LaTeX treat specially. */
const SPECIAL_TEXT = fc.string({ unit: fc.constantFrom(...'aZ 09{}[]\\$%&#_^~<>|"\'`-.,;:@=()é ü α—😀\n\t'.split('')), minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '');

/** Names as people write them: one to three words with accents, hyphens, apostrophes and initials. */
const NAME_TEXT = fc
  .array(fc.stringMatching(/^[A-ZÉ][a-zéüß]{0,8}(?:[-'][A-Z][a-zé]{1,6})?\.?$/), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '))
  .filter((name) => !/^and$/i.test(name));

test('round trip holds for any text (property, fixed seed)', () => {
  const text = SPECIAL_TEXT;
  fc.assert(
    fc.property(text, text, fc.array(NAME_TEXT, { maxLength: 3 }), (abstract, title, authors) => {
      const p = paper(oneLine(abstract), { sourceTitle: title, authors: authors.map(oneLine).filter((a) => a !== '' && !/^and$/i.test(a)) });
      const bib = toBibtex([p], { keyOf: () => 'k' });
      assert.ok(bracesBalance(bib), bib);
      const back = parseBibtex(bib, 'p.bib');
      assert.deepEqual(back.problems, [], bib);
      assert.equal(back.papers[0].abstract, oneLine(abstract), bib);
      assert.equal(back.papers[0].sourceTitle, oneLine(title), bib);
      assert.deepEqual(back.papers[0].authors ?? [], p.authors, bib);
    }),
    { seed: 7, numRuns: 400 },
  );
});

test('papers read from other formats export and come back the same', () => {
  const csl = parseCslJson(readFileSync(join(fixtures, 'quasars.json'), 'utf8'), 'quasars.json');
  const bib = toBibtex(csl.papers, { keyOf: (p) => p.sourceKey ?? p.id });
  const back = parseBibtex(bib, 'x.bib');
  assert.deepEqual(back.problems, []);
  assert.deepEqual(
    back.papers.map((p) => [p.id, p.sourceTitle, p.authors, p.year, p.doi]),
    csl.papers.map((p) => [p.id, p.sourceTitle, p.authors, p.year, p.doi]),
  );
});

test('keys, escapes and excerpts on their own', () => {
  assert.equal(bibtexKey(' a key, with {braces} ', 'fallback'), 'a-key-with-braces');
  assert.equal(bibtexKey('{}', 'fallback'), 'fallback');
  assert.equal(latexEscape('a\n\tb  {c}'), 'a b \\textbraceleft{}c\\textbraceright{}');
  assert.equal(noteExcerpt('short  note\n'), 'short note');
  assert.equal(noteExcerpt(`${'abc '.repeat(200)}`, 20), 'abc abc abc abc abc…');
});

test('JSON and Markdown exports carry the same fields', () => {
  const options = { keyOf: () => 'k1', noteOf: () => 'my note', collectionsOf: () => ['refs'] };
  const [json] = toExportJson([TRICKY[0]], options);
  assert.deepEqual(Object.keys(json), ['key', 'id', 'title', 'authors', 'year', 'url', 'doi', 'abstract', 'collections', 'note']);
  assert.equal(json.note, 'my note');
  const md = toMarkdown([TRICKY[0], TRICKY[2]], { keyOf: (p) => p.id });
  assert.match(md, /^# Papers\n\n## BERT and QuasarNet: GPT-4 \{x\} for \$x\^2\$ -- Über\n\n`[0-9a-f]{12}`\n\nJane Doe, R & D and Co, Émile Zola · 2020\n/);
  assert.match(md, /\[doi:10\.1234\/ab\{c\}\]\(https:\/\/doi\.org\/10\.1234\/ab\{c\}\)/);
  assert.match(md, /## Untitled paper/);
});

test('notes files: the user text after "## Notes", and the paper a file is about', () => {
  const file = '---\npaper: quasarnet-6b36542\nid: 6b36542e9460\n---\n\n# QuasarNet\n\n> We propose...\n\n## Notes\n\nCompare with\nSDSS templates.\n';
  assert.equal(userNoteText(file), 'Compare with\nSDSS templates.');
  assert.equal(userNoteText('---\npaper: x-1234567\n---\n\n# T\n\n## Notes\n\n\n'), '');
  assert.equal(userNoteText('Just my words.'), 'Just my words.');
  assert.equal(notesFileIdPart('whatever.md', file), '6b36542');
  assert.equal(notesFileIdPart('quasarnet-6b36542.md', 'no front matter'), '6b36542');
  assert.equal(notesFileIdPart('readme.md', 'no front matter'), undefined);
});

const hasBiber = spawnSync('biber', ['--version'], { encoding: 'utf8' }).status === 0;

test('biber reads the export without errors or warnings (when biber is installed)', { skip: !hasBiber && 'biber is not installed' }, () => {
  const dir = scratchDir('papers-biber');
  const random = fc.sample(fc.tuple(SPECIAL_TEXT, SPECIAL_TEXT, fc.array(SPECIAL_TEXT, { maxLength: 3 })), { seed: 3, numRuns: 200 });
  const titled = [...TRICKY, ...random.map(([a, t, names], i) => paper(`${oneLine(a)} ${i}`, { sourceTitle: t, authors: names.map(oneLine).filter((n) => n && !/^and$/i.test(n)) }))].map((p) => ({
    ...p,
    sourceTitle: p.sourceTitle ?? 'A title',
    year: p.year ?? '2024',
  }));
  writeFileSync(join(dir, 'export.bib'), toBibtex(titled, { keyOf: (p) => `k${titled.indexOf(p)}`, noteOf: () => 'A note with 100% {odd} \\ chars' }));
  // --tool reads the file as biblatex would, checks each entry against the data model and writes it back
  const run = spawnSync('biber', ['--tool', '--validate-datamodel', 'export.bib'], { cwd: dir, encoding: 'utf8' });
  const log = run.stdout + run.stderr;
  assert.equal(run.status, 0, log);
  assert.doesNotMatch(log, /ERROR|WARN/, log);
  const rewritten = readFileSync(join(dir, 'export_bibertool.bib'), 'utf8');
  assert.equal([...rewritten.matchAll(/^@MISC\{k\d+,/gm)].length, titled.length);
});
