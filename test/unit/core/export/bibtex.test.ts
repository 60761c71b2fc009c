import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { bibtexKey, latexEscape, noteExcerpt, toBibtex } from '../../../../src/core/export/bibtex';
import { parseBibtex } from '../../../../src/core/collections/formats/bibtex';
import { parseCslJson } from '../../../../src/core/collections/formats/cslJson';
import { parseJsonLines } from '../../../../src/core/collections/formats/jsonLines';
import { repoRoot } from '../../../helpers/repoRoot';
import { BOOK, oneLine, paper, SPECIAL_TEXT, TRICKY } from '../../../helpers/exportFixtures';

const fixtures = join(repoRoot(), 'test', 'fixtures', 'formats');

/** BibTeX's own rule: braces, escaped or not, must balance inside each entry and never go below zero. */
function bracesBalance(bib: string): boolean {
  let depth = 0;
  for (const c of bib) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

describe('toBibtex', () => {
  test('export, then parse back with the BibTeX library: same keys, titles, abstracts, authors, year, url and doi', () => {
    const keys = ['doe2020', 'doe2020', 'third one'];
    const bib = toBibtex(TRICKY, { keyOf: (p) => keys[TRICKY.indexOf(p)] });
    assert.ok(bracesBalance(bib));
    const back = parseBibtex(bib, 'export.bib');
    assert.deepEqual(back.problems, []);
    assert.deepEqual(
      back.papers.map((p) => p.sourceKey),
      ['doe2020', 'doe2020-2', 'third-one'],
      'keys are valid and unique',
    );
    assert.deepEqual(
      back.papers.map((p) => p.abstract),
      TRICKY.map((p) => oneLine(p.abstract)),
    );
    assert.deepEqual(
      back.papers.map((p) => p.id),
      TRICKY.map((p) => p.id),
      'same ids, so a re-import merges',
    );
    assert.deepEqual(
      back.papers.map((p) => p.sourceTitle),
      ['BERT and QuasarNet: GPT-4 {x} for $x^2$ -- Über', 'Plain title', undefined],
    );
    assert.deepEqual(back.papers[0].authors, TRICKY[0].authors);
    assert.equal(back.papers[0].year, '2020');
    assert.equal(back.papers[0].url, 'https://example.org/a%20b%7Bc%7D?q=1%202#frag');
    assert.equal(back.papers[0].doi, '10.1234/ab%7Bc%7D');
  });

  test('the entries are @misc with escaped specials, protected capitals and a note excerpt', () => {
    const bib = toBibtex([TRICKY[0]], { keyOf: () => 'k', noteOf: () => `Read it again. ${'word '.repeat(200)}` });
    assert.match(
      bib,
      /^@misc\{k,\n {2}title = \{\{BERT\} and \{QuasarNet:\} \{GPT-4\} \\textbraceleft\{\}x\\textbraceright\{\} for \\\$x\\textasciicircum\{\}2\\\$ -\{\}- Über\},\n/,
    );
    assert.match(bib, /\n {2}author = \{Jane Doe and \{R \\& D and Co\} and Émile Zola\},\n/);
    assert.match(bib, /\n {2}note = \{Read it again\. word word .*…\}\n\}\n$/);
    const note = /note = \{(.*)\}/.exec(bib)![1];
    assert.ok(note.length <= 510);
  });

  /** Names as people write them: one to three words with accents, hyphens, apostrophes and initials. */
  const NAME_TEXT = fc
    .array(fc.stringMatching(/^[A-ZÉ][a-zéüß]{0,8}(?:[-'][A-Z][a-zé]{1,6})?\.?$/), { minLength: 1, maxLength: 3 })
    .map((words) => words.join(' '))
    .filter((name) => !/^and$/i.test(name));

  test('round trip holds for any text (property, fixed seed)', () => {
    const text = SPECIAL_TEXT;
    fc.assert(
      fc.property(text, text, fc.array(NAME_TEXT, { maxLength: 3 }), (abstract, title, authors) => {
        const p = paper(oneLine(abstract), {
          sourceTitle: title,
          authors: authors.map(oneLine).filter((a) => a !== '' && !/^and$/i.test(a)),
        });
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

  test('a title with math carries it as written, braced, and comes back the same from BibTeX', () => {
    const source = parseBibtex(
      '@article{k, title = {Regret of $O(H^2\\sqrt{T})$ for {BERT} in Schr\\"odinger 50\\% bridges}, abstract = {An abstract.}}',
      'in.bib',
    ).papers[0];
    assert.equal(source.sourceTitleMath, 'Regret of $O(H^2\\sqrt{T})$ for BERT in Schrödinger 50% bridges');
    const bib = toBibtex([source], { keyOf: () => 'k' });
    assert.match(bib, /title = \{Regret of \{\$O\(H\^2\\sqrt\{T\}\)\$\} for \{BERT\} in Schrödinger 50\\% bridges\},/);
    assert.ok(bracesBalance(bib));
    const back = parseBibtex(bib, 'out.bib');
    assert.deepEqual(back.problems, []);
    assert.deepEqual(
      [back.papers[0].sourceTitle, back.papers[0].sourceTitleMath],
      [source.sourceTitle, source.sourceTitleMath],
    );
  });

  test('math glued to a word, in any text format, keeps its word and the specials around it', () => {
    const title = 'Echo-E$^3$Net: $\\lambda$-tuning {x} & $\\mathcal{O}(n)$ costs $5 -- fast';
    const [p] = parseJsonLines(JSON.stringify({ title, abstract: 'An abstract about echoes.' }), 'a.jsonl').papers;
    const bib = toBibtex([p], { keyOf: () => 'k' });
    assert.match(bib, /title = \{\{Echo-E\$\^3\$Net:\} \{\$\\lambda\$-tuning\} /);
    const [back] = parseBibtex(bib, 'out.bib').papers;
    assert.equal(back.sourceTitleMath, p.sourceTitleMath);
    assert.equal(back.sourceTitle, p.sourceTitle);
  });

  test('a title with math round-trips for any text around it (property, fixed seed)', () => {
    const around = SPECIAL_TEXT.filter((t) => !/[$\\]/.test(t)).map(oneLine);
    const tex = fc.constantFrom(
      'x^2',
      '\\lambda',
      'O(n\\log n)',
      '\\mathcal{O}(H^2\\sqrt{T})',
      'x_{ij}',
      '\\{a\\}',
      'a<b',
    );
    fc.assert(
      fc.property(around, tex, around, (before, math, after) => {
        const titleMath = oneLine(`${before} $${math}$ ${after}`);
        const p = paper('An abstract.', { sourceTitle: 'plain', sourceTitleMath: titleMath });
        const bib = toBibtex([p], { keyOf: () => 'k' });
        assert.ok(bracesBalance(bib), bib);
        const back = parseBibtex(bib, 'p.bib');
        assert.deepEqual(back.problems, [], bib);
        assert.equal(back.papers[0].sourceTitleMath, titleMath, bib);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  test('math that would unbalance the entry is written as the plain title', () => {
    const p = paper('An abstract.', { sourceTitle: 'Sets {a', sourceTitleMath: '$\\{a$ sets' });
    const bib = toBibtex([p], { keyOf: () => 'k' });
    assert.ok(bracesBalance(bib), bib);
    assert.equal(parseBibtex(bib, 'out.bib').papers[0].sourceTitle, 'Sets {a');
  });

  test('a paper known only by its title: title, author and year, no empty abstract field', () => {
    const lines = toBibtex([BOOK], { keyOf: () => 'atlas-a1b2c3d' })
      .split('\n')
      .map((l) => l.trim());
    assert.equal(lines[0], '@misc{atlas-a1b2c3d,');
    assert.match(lines[1], /^title = \{.*Moths.*\},$/);
    assert.deepEqual(lines.slice(2), ['author = {Mo Wing and Lu Night},', 'year = {2004}', '}', '']);
  });

  test('an arXiv paper gets eprint, archivePrefix and primaryClass, which the import reads back', () => {
    const arxiv = {
      id: 'a1b2c3d4e5f6',
      abstract: 'An abstract about probes.',
      title: 'Probes',
      arxivId: '2401.01234v2',
      categories: ['cs.LG', 'stat.ML'],
    };
    const bib = toBibtex([arxiv], { keyOf: () => 'probes' });
    assert.match(bib, /eprint = \{2401\.01234v2\},\n {2}archivePrefix = \{arXiv\},\n {2}primaryClass = \{cs\.LG\}/);
    const [back] = parseBibtex(bib, 'out.bib').papers;
    assert.deepEqual([back.arxivId, back.categories], ['2401.01234v2', ['cs.LG']]);
  });
});

describe('bibtexKey, latexEscape and noteExcerpt', () => {
  test('keys, escapes and excerpts on their own', () => {
    assert.equal(bibtexKey(' a key, with {braces} ', 'fallback'), 'a-key-with-braces');
    assert.equal(bibtexKey('{}', 'fallback'), 'fallback');
    assert.equal(latexEscape('a\n\tb  {c}'), 'a b \\textbraceleft{}c\\textbraceright{}');
    assert.equal(noteExcerpt('short  note\n'), 'short note');
    assert.equal(noteExcerpt(`${'abc '.repeat(200)}`, 20), 'abc abc abc abc abc…');
  });
});
