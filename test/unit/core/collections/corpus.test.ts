/**
 * Collections as the extension and the CLI load them. parseCollectionBytes on bad input, in every format: good
 * entries load, each bad one is a problem with the file and the line, nothing throws, nothing hangs.
 * mergeCollections: one paper per abstract across files, each field from the first file that has it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  capProblems,
  MAX_PROBLEMS_PER_FILE,
  mergeCollections,
  parseCollectionBytes,
} from '../../../../src/core/collections/corpus';
import { ParsedPaper } from '../../../../src/core/papers/types';
import { LoadProblem } from '../../../../src/core/common/errors';
import { paperId } from '../../../../src/core/papers/ids';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../helpers/repoRoot';
import { atomEntry, bibEntry, cslEntry, enc, Entry, FORMATS, parse } from '../../../helpers/collectionFormats';

const ENTRIES: Entry[] = [
  { key: 'a1', abstract: 'We propose a first method.' },
  { key: 'b2', abstract: 'We study a second question.' },
  { key: 'c3', abstract: 'We measure a third quantity.' },
];

const lines = (problems: LoadProblem[]) => problems.map((p) => p.line);
const abstracts = (r: { papers: { abstract: string }[] }) => r.papers.map((p) => p.abstract);

describe('parseCollectionBytes', () => {
  for (const f of FORMATS) {
    test(`${f.name}: the good file loads with each entry's line and no problem`, () => {
      const r = parse(f, f.write(ENTRIES));
      assert.deepEqual(r.problems, []);
      assert.deepEqual(
        abstracts(r),
        ENTRIES.map((e) => e.abstract),
      );
      assert.deepEqual(
        r.papers.map((p) => p.sources[0].line),
        [f.first, f.first + 1, f.first + 2],
      );
    });

    test(`${f.name}: an empty file is one problem saying so`, () => {
      for (const text of ['', '\n  \n']) {
        const r = parse(f, text);
        assert.equal(r.papers.length, 0);
        assert.equal(r.problems.length, 1);
        assert.equal(r.problems[0].file, f.file);
        assert.match(r.problems[0].message, /empty/);
      }
    });

    test(`${f.name}: a binary file is one problem naming the line of its first NUL byte`, () => {
      const bytes = new Uint8Array([...enc(f.write(ENTRIES.slice(0, 1))), 0x00, 0xff, 0x10]);
      const r = parse(f, bytes);
      assert.equal(r.papers.length, 0);
      assert.equal(r.problems.length, 1);
      assert.match(r.problems[0].message, /binary/);
      assert.equal(r.problems[0].line, f.write(ENTRIES.slice(0, 1)).split('\n').length);
    });

    test(`${f.name}: a file in the wrong encoding (Latin-1) loads, with a problem naming the first bad line`, () => {
      const text = f.write([ENTRIES[0], { key: 'caf', abstract: 'A caf\u00e9 study.' }]);
      const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
      const r = parse(f, bytes);
      assert.deepEqual(abstracts(r), [ENTRIES[0].abstract, 'A café study.']);
      assert.equal(r.problems.length, 1);
      assert.equal(r.problems[0].line, f.first + 1);
      assert.match(r.problems[0].message, /not valid UTF-8/);
    });

    test(`${f.name}: a truncated file keeps the entries before the cut`, () => {
      const text = f.write(ENTRIES);
      const cut = text.indexOf(ENTRIES[2].abstract) + 10;
      const r = parse(f, text.slice(0, cut));
      assert.deepEqual(abstracts(r).slice(0, 2), [ENTRIES[0].abstract, ENTRIES[1].abstract]);
      if (f.name === 'Daily Papers') {
        // one abstract per line: a cut line is a shorter abstract, nothing to tell it from a whole one
        assert.equal(r.papers.length, 3);
      } else {
        assert.equal(r.papers.length, 2);
        assert.ok(r.problems.length >= 1);
        assert.equal(r.problems[0].line, f.first + 2, JSON.stringify(r.problems));
        assert.match(r.problems.map((p) => p.message).join('\n'), /cut off|not valid JSON/);
      }
    });

    test(`${f.name}: a single 10 MB line is one problem; the entries around it load`, () => {
      const huge = f.entry({ key: 'huge', abstract: 'x'.repeat(10 * 1024 * 1024) });
      const text = f.write(ENTRIES).replace(f.entry(ENTRIES[1]), huge);
      const cpu = process.cpuUsage();
      const r = parse(f, text);
      const used = process.cpuUsage(cpu);
      assert.ok((used.user + used.system) / 1000 < 5000, 'fast');
      assert.deepEqual(abstracts(r), [ENTRIES[0].abstract, ENTRIES[2].abstract]);
      assert.equal(r.problems.length, 1);
      assert.equal(r.problems[0].line, f.first + 1);
      assert.match(r.problems[0].message, /characters/);
    });

    test(`${f.name}: the same entry twice is listed once, with a problem naming the second line`, () => {
      const r = parse(f, f.write([ENTRIES[0], ENTRIES[1], ENTRIES[0]]));
      assert.deepEqual(abstracts(r), [ENTRIES[0].abstract, ENTRIES[1].abstract]);
      assert.equal(r.problems.length, 1);
      assert.equal(r.problems[0].line, f.first + 2);
    });
  }

  test('BibTeX: a key used twice keeps the first entry; the second is a problem naming both lines', () => {
    const r = parse(FORMATS[1], `${bibEntry(ENTRIES[0])}\n${bibEntry({ key: 'a1', abstract: 'Another abstract.' })}\n`);
    assert.equal(r.papers.length, 1);
    assert.deepEqual(r.problems, [
      { file: 'refs.bib', line: 2, message: 'entry "a1" has a key already used at line 1; skipped' },
    ]);
  });

  test('BibTeX: unbalanced braces, a missing comma or a stray brace cost only their entry', () => {
    const text = [
      bibEntry(ENTRIES[0]),
      '@misc{open, title = {Unclosed, abstract = {never ends}',
      bibEntry(ENTRIES[1]),
      '@misc{nocomma, title = {T} abstract = {x}}',
      '}}} stray braces between entries are a comment {{',
      '@article{deep, abstract = {' + '{'.repeat(300) + '}',
      bibEntry(ENTRIES[2]),
    ].join('\n');
    const r = parse(FORMATS[1], text);
    assert.deepEqual(
      abstracts(r),
      ENTRIES.map((e) => e.abstract),
    );
    assert.deepEqual(lines(r.problems), [2, 4, 6]);
    assert.match(r.problems[0].message, /entry "open" is not closed: its braces do not balance before line 3/);
    assert.match(r.problems[1].message, /entry "nocomma" cannot be read/);
    assert.match(r.problems[2].message, /nested more than 200 deep/);
  });

  test('CSL-JSON: a broken item (bad JSON, a missing brace, not an object) costs only itself', () => {
    const text = [
      '[',
      `  ${cslEntry(ENTRIES[0])},`,
      '  {"id": "bad", "abstract": "x" "title": "y"},',
      '  {"id": "open", "abstract": "never closed",',
      `  ${cslEntry(ENTRIES[1])},`,
      '  42,',
      `  ${cslEntry(ENTRIES[2])}`,
      ']',
    ].join('\n');
    const r = parse(FORMATS[2], text);
    assert.deepEqual(
      abstracts(r),
      ENTRIES.map((e) => e.abstract),
    );
    assert.deepEqual(lines(r.problems), [3, 4, 6]);
    assert.match(r.problems[0].message, /item 2 is not valid JSON/);
    assert.match(r.problems[2].message, /not a CSL item/);
  });

  test('CSL-JSON: a whole file that is not JSON, or not an array, is one problem', () => {
    assert.match(parse(FORMATS[2], '{"title": x}').problems[0].message, /not valid JSON/);
    const r = parse(FORMATS[2], '[{"abstract": "fine"}] trailing');
    assert.equal(r.papers.length, 1);
    assert.match(r.problems[0].message, /text after the "]"/);
  });

  test('JSON Lines: a bad line (not JSON, not an object, neither title nor abstract) is a problem naming it', () => {
    const text = [
      cslEntry(ENTRIES[0]),
      '{"abstract": "unclosed',
      '[1, 2]',
      '{"note": "neither title nor abstract"}',
      cslEntry(ENTRIES[1]),
      '',
      cslEntry(ENTRIES[2]),
    ].join('\n');
    const r = parse(FORMATS[3], text);
    assert.deepEqual(
      abstracts(r),
      ENTRIES.map((e) => e.abstract),
    );
    assert.deepEqual(lines(r.problems), [2, 3, 4]);
    assert.deepEqual(
      r.problems.map((p) => p.message.split(' (')[0].split(';')[0]),
      ['not valid JSON', 'not a JSON object', 'the record has neither a title nor an abstract'],
    );
  });

  test('arXiv Atom: invalid XML, a missing </entry> and stray angle brackets cost only their entry', () => {
    const text = [
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      atomEntry(ENTRIES[0]),
      '<entry><id>bad</id><title>x</titl><summary>y</summary></entry>',
      '<entry><id>open</id><summary>never closed</summary>',
      atomEntry(ENTRIES[1]),
      '<entry><id>lt</id><summary>a < b</summary></entry>',
      atomEntry(ENTRIES[2]),
      '</feed>',
    ].join('\n');
    const r = parse(FORMATS[4], text);
    assert.deepEqual(
      abstracts(r),
      ENTRIES.map((e) => e.abstract),
    );
    assert.deepEqual(lines(r.problems), [3, 4, 6]);
    assert.match(r.problems[0].message, /not valid XML at line 3/);
    assert.match(r.problems[1].message, /no <\/entry> before the next <entry> at line 5/);
  });

  test('arXiv Atom: XML that is not a feed is one problem', () => {
    const r = parseCollectionBytes(enc('<?xml version="1.0"?>\n<html><body>hi</body></html>'), 'page.xml');
    assert.equal(r.problems.length, 1);
    assert.match(r.problems[0].message, /not an Atom feed/);
  });

  test('UTF-16 files (with a BOM) are read in every format', () => {
    for (const f of FORMATS) {
      const text = f.write(ENTRIES);
      const bytes = new Uint8Array(2 + text.length * 2);
      bytes[0] = 0xff;
      bytes[1] = 0xfe;
      for (let i = 0; i < text.length; i++) {
        bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
        bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
      }
      const r = parse(f, bytes);
      assert.deepEqual(
        abstracts(r),
        ENTRIES.map((e) => e.abstract),
        f.name,
      );
    }
  });

  test('bad input names the file and the line, and other files still load', () => {
    const empty = parseCollectionBytes(enc(''), 'empty.txt');
    assert.equal(empty.papers.length, 0);
    assert.match(empty.problems[0].message, /empty/);
    const noHeader = parseCollectionBytes(enc('\n\nSome abstract\n'), 'nohead.txt');
    assert.equal(noHeader.problems[0].line, 3);
    assert.match(noHeader.problems[0].message, /expected the header "Daily Papers"/);
    const binary = parseCollectionBytes(new Uint8Array([0x44, 0x61, 0x0a, 0x00, 0x01, 0x02]), 'bin.txt');
    assert.equal(binary.problems[0].line, 2);
    assert.match(binary.problems[0].message, /binary/);
    const huge = parseCollectionBytes(
      enc(`Daily Papers\nok one.\n${'x'.repeat(10 * 1024 * 1024)}\nok two.\n`),
      'huge.txt',
    );
    assert.deepEqual(
      huge.papers.map((p) => p.abstract),
      ['ok one.', 'ok two.'],
    );
    assert.equal(huge.problems[0].line, 3);
    const good = parseCollectionBytes(enc('Daily Papers\nfine.\n'), 'good.txt');
    const corpus = mergeCollections([
      { path: 'empty.txt', result: empty },
      { path: 'bin.txt', result: binary },
      { path: 'good.txt', result: good },
    ]);
    assert.equal(corpus.papers.length, 1);
    assert.equal(corpus.problems.length, 2);
  });

  test('invalid UTF-8 is read as Latin-1 with a problem naming the line', () => {
    const bytes = new Uint8Array([...enc('Daily Papers\nCaf'), 0xe9, ...enc(' abstract.\n')]);
    const r = parseCollectionBytes(bytes, 'latin.txt');
    assert.equal(r.papers[0].abstract, 'Café abstract.');
    assert.equal(r.problems[0].line, 2);
  });
});

describe('mergeCollections', () => {
  // Made-up abstracts: a paper about counting bees and one about folding kites.
  const BEES =
    'We train honeybees to count to four with sugar rewards and report that marked foragers generalize the rule to new shapes.';
  const KITES =
    'KiteFold folds paper kites with a two-arm robot, learning crease order from forty human demonstrations.';

  function paper(abstract: string, file: string, line: number, meta: Partial<ParsedPaper> = {}): ParsedPaper {
    return { id: paperId(abstract), abstract, sources: [{ collection: file, line }], ...meta };
  }

  test("the same paper in a dump and then a .bib keeps the .bib's title, authors, year, DOI and URL", () => {
    const corpus = mergeCollections([
      { path: 'daily.txt', result: { papers: [paper(BEES, 'daily.txt', 2)], problems: [] } },
      {
        path: 'refs.bib',
        result: {
          papers: [
            paper(BEES, 'refs.bib', 7, {
              sourceTitle: 'Bees Count to Four',
              authors: ['Ada Hive', 'Bo Comb'],
              year: '2021',
              doi: '10.9999/bees.4',
              url: 'https://example.org/bees',
              sourceKey: 'hive2021',
            }),
          ],
          problems: [],
        },
      },
    ]);
    assert.equal(corpus.papers.length, 1);
    const [p] = corpus.papers;
    assert.equal(p.sourceTitle, 'Bees Count to Four');
    assert.deepEqual(p.authors, ['Ada Hive', 'Bo Comb']);
    assert.equal(p.year, '2021');
    assert.equal(p.doi, '10.9999/bees.4');
    assert.equal(p.url, 'https://example.org/bees');
    assert.equal(p.sourceKey, 'hive2021');
    assert.deepEqual(p.sources, [
      { collection: 'daily', line: 2 },
      { collection: 'refs', line: 7 },
    ]);
    assert.deepEqual(
      corpus.collections.map((c) => c.paperIds),
      [[p.id], [p.id]],
    );
  });

  test("a title's math comes with the title it belongs to, never beside another file's title", () => {
    const merged = (first: Partial<ParsedPaper>) =>
      mergeCollections([
        { path: 'a.json', result: { papers: [paper(KITES, 'a.json', 3, first)], problems: [] } },
        {
          path: 'b.bib',
          result: {
            papers: [paper(KITES, 'b.bib', 1, { sourceTitle: 'O(n) kites', sourceTitleMath: '$O(n)$ kites' })],
            problems: [],
          },
        },
      ]).papers[0];
    const titled = merged({ sourceTitle: 'KiteFold' });
    assert.deepEqual([titled.sourceTitle, titled.sourceTitleMath], ['KiteFold', undefined]);
    const untitled = merged({});
    assert.deepEqual([untitled.sourceTitle, untitled.sourceTitleMath], ['O(n) kites', '$O(n)$ kites']);
  });

  test("each field comes from the first file that has it: an earlier file's value is never overwritten", () => {
    const corpus = mergeCollections([
      {
        path: 'a.json',
        result: {
          papers: [paper(KITES, 'a.json', 3, { sourceTitle: 'KiteFold', year: '2019', authors: [] })],
          problems: [],
        },
      },
      {
        path: 'b.bib',
        result: {
          papers: [
            paper(KITES, 'b.bib', 1, {
              sourceTitle: 'KiteFold: Robots That Fold Kites',
              year: '2020',
              authors: ['Cy Paper'],
              doi: '10.9999/kite',
            }),
          ],
          problems: [],
        },
      },
      {
        path: 'c.xml',
        result: {
          papers: [paper(KITES, 'c.xml', 9, { url: 'https://example.org/kite', doi: '10.9999/other' })],
          problems: [],
        },
      },
    ]);
    const [p] = corpus.papers;
    assert.equal(p.sourceTitle, 'KiteFold');
    assert.equal(p.year, '2019');
    assert.deepEqual(p.authors, ['Cy Paper'], 'an empty author list counts as missing');
    assert.equal(p.doi, '10.9999/kite');
    assert.equal(p.url, 'https://example.org/kite');
    assert.equal(p.sources.length, 3);
  });

  test('merging does not change the parsed input it was given', () => {
    const later = paper(BEES, 'refs.bib', 7, { authors: ['Ada Hive'] });
    const first = paper(BEES, 'daily.txt', 2);
    const corpus = mergeCollections([
      { path: 'daily.txt', result: { papers: [first], problems: [] } },
      { path: 'refs.bib', result: { papers: [later], problems: [] } },
    ]);
    corpus.papers[0].authors!.push('Someone Else');
    assert.deepEqual(later.authors, ['Ada Hive']);
    assert.equal(first.authors, undefined);
    assert.equal(first.sources.length, 1);
  });

  test('the same abstract in two files is one paper listed in both collections', () => {
    const a = parseCollectionBytes(enc('Daily Papers\nShared abstract.\nOnly in A.\n'), 'dir/a.txt');
    const b = parseCollectionBytes(enc('Daily Papers\nOnly in B.\nShared   abstract.\n'), 'dir/b.txt');
    const corpus = mergeCollections([
      { path: 'dir/a.txt', result: a },
      { path: 'dir/b.txt', result: b },
    ]);
    assert.equal(corpus.papers.length, 3);
    const shared = corpus.papers.find((p) => p.abstract === 'Shared abstract.')!;
    assert.deepEqual(
      shared.sources.map((s) => [s.collection, s.line]),
      [
        ['a', 2],
        ['b', 3],
      ],
    );
    assert.deepEqual(
      corpus.collections.map((c) => [c.name, c.paperIds.length]),
      [
        ['a', 2],
        ['b', 2],
      ],
    );
  });

  const fixtures = join(repoRoot(), 'test', 'fixtures', 'formats');

  test('the same paper from five formats is one paper, listed in each collection, with the first real title', () => {
    const names = ['quasars.txt', 'quasars.bib', 'quasars.json', 'quasars.jsonl', 'quasars.xml'];
    const corpus = mergeCollections(
      names.map((n) => ({ path: n, result: parseCollectionBytes(readFileSync(join(fixtures, n)), n) })),
    );
    const qn = corpus.papers.filter((p) => p.abstract.startsWith('We propose QuasarNet'));
    assert.equal(qn.length, 1);
    assert.equal(qn[0].sources.length, 5);
    assert.deepEqual(
      qn[0].sources.map((s) => s.collection),
      ['quasars', 'quasars (2)', 'quasars (3)', 'quasars (4)', 'quasars (5)'],
    );
    assert.equal(qn[0].sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
    assert.equal(corpus.papers.length, 1 + 1 + 1 + 1 + 1 + 1 + 1, 'QuasarNet, soil, tides, glacier, bees, halos, book');
    // the book has no abstract: the .bib and the CSL-JSON give the same title and year, so the same paper
    const book = corpus.papers.filter((p) => p.abstract === '');
    assert.equal(book.length, 1);
    assert.deepEqual(
      book[0].sources.map((s) => s.collection),
      ['quasars (2)', 'quasars (3)'],
    );
    assert.deepEqual(
      corpus.problems.map((p) => `${p.file}:${p.line}`),
      ['quasars.bib:29', 'quasars.json:29'],
    );
  });
});

describe('capProblems', () => {
  test('capProblems keeps a short list as it is', () => {
    const few: LoadProblem[] = [{ file: 'a', line: 1, message: 'm' }];
    assert.equal(capProblems(few, 'a'), few);
    const many = Array.from({ length: MAX_PROBLEMS_PER_FILE + 1 }, (_, i) => ({ file: 'a', line: i, message: 'm' }));
    assert.deepEqual(capProblems(many, 'a').at(-1), { file: 'a', message: '… and 1 more problem in this file' });
  });
});
