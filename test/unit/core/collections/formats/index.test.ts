import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDailyPapers } from '../../../../../src/core/collections/formats/dailyPapers';
import { detectFormat, parserFor, PARSERS } from '../../../../../src/core/collections/formats';
import { mergeCollections } from '../../../../../src/core/collections/corpus';
import { fixture } from '../../../../helpers/formatFixtures';

describe('detectFormat and parserFor', () => {
  test('format detection: by content when it is clear, else by extension', () => {
    const cases: [string, string, string | undefined][] = [
      ['a.txt', 'Daily Papers\nx\n', 'daily-papers'],
      ['a.bib', '@article{k, abstract={x}}', 'bibtex'],
      ['a.json', '[{"abstract": "x"}]', 'csl-json'],
      ['a.jsonl', '{"abstract": "x"}\n', 'json-lines'],
      ['a.ndjson', '{"abstract": "x"}\n', 'json-lines'],
      ['a.xml', '<?xml version="1.0"?><feed>', 'arxiv-atom'],
      ['a.atom', '<feed xmlns="http://www.w3.org/2005/Atom">', 'arxiv-atom'],
      // the extension says nothing
      ['papers', '% refs\n\n@inproceedings{k,\n abstract={x}}', 'bibtex'],
      ['export', '  [\n  {"abstract": "x"}]', 'csl-json'],
      ['dump.dat', '\uFEFFDaily Papers\nx', 'daily-papers'],
      ['query', '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">', 'arxiv-atom'],
      // the extension lies
      ['a.txt', '@article{k, abstract={x}}', 'bibtex'],
      ['a.json', '{"abstract": "x"}\n{"abstract": "y"}\n', 'json-lines'],
      ['a.jsonl', '{\n  "abstract": "x"\n}\n', 'csl-json'],
      ['a.bib', 'Daily Papers\nx\n', 'daily-papers'],
      ['a.xml', '[]', 'csl-json'],
      // unclear content: the extension decides, or nothing does
      ['a.txt', 'my shopping list\nmilk\n', 'daily-papers'],
      ['a.txt', '[not json] but a line of text', 'daily-papers'],
      ['a.bib', '', 'bibtex'],
      ['notes.md', '# My notes\n', undefined],
    ];
    for (const [path, text, expected] of cases)
      assert.equal(detectFormat(path, text), expected, `${path}: ${JSON.stringify(text)}`);
    assert.equal(parserFor('a.txt', 'Daily Papers\n'), parseDailyPapers);
    assert.equal(parserFor('a.bib', '@misc{'), PARSERS.bibtex);
    assert.throws(
      () => parserFor('notes.md', '# My notes\n')('# My notes\n', 'notes.md'),
      /notes\.md:1: not a format Papers reads/,
    );
  });
});

describe('parserFor on a Zotero library', () => {
  // A made-up library as Zotero exports it: books, a thesis, a chapter, a report, papers; `file`, `urldate`,
  // braces and LaTeX in titles; half the entries without an abstract. The .json is the same library as CSL-JSON.
  const load = (name: string) => parserFor(name, fixture(name))(fixture(name), name);

  test('every entry of the BibTeX and of the CSL-JSON export loads, with its title, authors and year', () => {
    const bib = load('zotero-library.bib');
    const csl = load('zotero-library.json');
    for (const r of [bib, csl]) {
      assert.deepEqual(r.problems, []);
      assert.equal(r.papers.length, 12);
      assert.equal(r.papers.filter((p) => p.abstract === '').length, 6);
      assert.ok(r.papers.every((p) => p.sourceTitle && p.authors?.length && /^\d{4}$/.test(p.year ?? '')));
    }
    assert.deepEqual(
      bib.papers.map((p) => [p.sourceTitle, p.authors, p.year]),
      csl.papers.map((p) => [p.sourceTitle, p.authors, p.year]),
    );
    const book = bib.papers.find((p) => p.sourceKey === 'mueller_uber_2015')!;
    assert.deepEqual(
      [book.sourceTitle, book.authors, book.abstract],
      ['Über die Geschichte der Gezeitenmühlen', ['Jürgen Müller'], ''],
    );
  });

  test('the two exports of one library are one set of papers, each listed in both', () => {
    const corpus = mergeCollections(
      ['zotero-library.bib', 'zotero-library.json'].map((path) => ({ path, result: load(path) })),
    );
    assert.equal(corpus.papers.length, 12);
    assert.ok(corpus.papers.every((p) => p.sources.length === 2));
  });
});

describe('detectFormat beyond the first 64 KB', () => {
  test('a JSON Lines file whose first record is longer than 64 KB is JSON Lines', () => {
    const first = JSON.stringify({ abstract: 'A record.', notes: 'n'.repeat(70_000) });
    assert.equal(detectFormat('papers.json', `${first}\n{"abstract": "Another."}\n`), 'json-lines');
    assert.equal(detectFormat('papers', `${' '.repeat(70_000)}\n{"abstract": "x"}\n`), 'json-lines');
  });

  test('a BibTeX entry or an Atom feed after more than 64 KB of comment is still found', () => {
    assert.equal(detectFormat('refs', `${'% comment\n'.repeat(8_000)}@article{k, abstract = {x}}`), 'bibtex');
    assert.equal(detectFormat('feed', `<?xml version="1.0"?>\n<!--${'c'.repeat(70_000)}-->\n<feed>`), 'arxiv-atom');
  });
});
