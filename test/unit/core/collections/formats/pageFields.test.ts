// What each format gives of the fields that lead to the paper's page: arXiv id, date, categories (with url and
// doi, tested with each format).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArxivAtom } from '../../../../../src/core/collections/formats/arxivAtom';
import { parseBibtex } from '../../../../../src/core/collections/formats/bibtex';
import { categoriesOf, dateOf } from '../../../../../src/core/collections/formats/collect';
import { parseCslJson } from '../../../../../src/core/collections/formats/cslJson';
import { parseJsonLines } from '../../../../../src/core/collections/formats/jsonLines';
import { paperPageOf } from '../../../../../src/core/papers';

const only = <T>(list: T[]) => {
  assert.equal(list.length, 1);
  return list[0];
};

describe('page fields of each format', () => {
  test('JSON Lines: arxiv_id, an arXiv-looking id, date, categories as text or a list', () => {
    const [a, b, c] = parseJsonLines(
      [
        '{"arxiv_id": "2401.01234v2", "abstract": "First abstract.", "date": "2024-01-02", "categories": "cs.CL cs.LG"}',
        '{"id": "1706.03762", "abstract": "Second abstract.", "update_date": "2017-06-12", "categories": ["cs.CL"]}',
        '{"id": "smith2020", "abstract": "Third abstract.", "doi": "10.1234/abc", "date": "2020"}',
      ].join('\n'),
      'day.jsonl',
    ).papers;
    assert.deepEqual([a.arxivId, a.date, a.categories], ['2401.01234v2', '2024-01-02', ['cs.CL', 'cs.LG']]);
    assert.deepEqual(
      [b.arxivId, b.date, b.categories, b.sourceKey],
      ['1706.03762', '2017-06-12', ['cs.CL'], '1706.03762'],
    );
    assert.deepEqual([c.arxivId, c.date, c.doi, c.year], [undefined, undefined, '10.1234/abc', '2020']);
    assert.equal(paperPageOf(b)?.url, 'https://arxiv.org/abs/1706.03762');
    assert.equal(paperPageOf(c)?.url, 'https://doi.org/10.1234/abc');
  });

  test('arXiv Atom: the id, the published date and the categories, primary first', () => {
    const feed = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <entry>
    <id>http://arxiv.org/abs/2401.01234v1</id>
    <published>2024-01-02T18:59:59Z</published>
    <title>A Title</title>
    <summary>An abstract of the entry.</summary>
    <author><name>Jane Doe</name></author>
    <link href="http://arxiv.org/abs/2401.01234v1" rel="alternate" type="text/html"/>
    <arxiv:primary_category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
    <category term="stat.ML" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>`;
    const p = only(parseArxivAtom(feed, 'feed.atom').papers);
    assert.deepEqual([p.arxivId, p.date, p.categories], ['2401.01234v1', '2024-01-02', ['cs.LG', 'stat.ML']]);
    assert.equal(paperPageOf(p)?.url, 'https://arxiv.org/abs/2401.01234v1');
  });

  test('BibTeX: eprint with archivePrefix arXiv, primaryClass, a BibLaTeX date', () => {
    const bib = `@article{doe2024,
  title = {A Title},
  author = {Doe, Jane},
  abstract = {An abstract with $x^2$ in it.},
  eprint = {2401.01234},
  archivePrefix = {arXiv},
  primaryClass = {cs.CL},
  date = {2024-01-02},
}
@article{roe2020,
  title = {Other},
  abstract = {Another abstract.},
  eprint = {12345},
  archivePrefix = {HAL},
  doi = {10.5555/xyz},
  year = {2020},
}`;
    const [a, b] = parseBibtex(bib, 'lib.bib').papers;
    assert.deepEqual([a.arxivId, a.date, a.categories], ['2401.01234', '2024-01-02', ['cs.CL']]);
    assert.ok(a.abstract.includes('$x^2$'), 'math is kept as written for the paper view to render');
    assert.deepEqual([b.arxivId, b.date, b.categories], [undefined, undefined, undefined]);
    assert.equal(paperPageOf(b)?.url, 'https://doi.org/10.5555/xyz');
  });

  test('CSL-JSON: DOI, URL and the issued date with its month', () => {
    const csl = JSON.stringify([
      { id: 'a', title: 'A', abstract: 'Abstract A.', DOI: '10.1000/a', issued: { 'date-parts': [[2021, 3, 4]] } },
      {
        id: 'b',
        title: 'B',
        abstract: 'Abstract B.',
        URL: 'https://arxiv.org/abs/2101.00001',
        issued: { 'date-parts': [[2021]] },
      },
    ]);
    const [a, b] = parseCslJson(csl, 'lib.json').papers;
    assert.deepEqual([a.doi, a.date, a.year], ['10.1000/a', '2021-03-04', '2021']);
    assert.deepEqual([b.url, b.date], ['https://arxiv.org/abs/2101.00001', undefined]);
    assert.equal(paperPageOf(b)?.url, 'https://arxiv.org/abs/2101.00001');
  });

  test('dateOf keeps a month or day, not a year alone or text', () => {
    assert.equal(dateOf('2024-01-02T18:59:59Z'), '2024-01-02');
    assert.equal(dateOf('2024-01'), '2024-01');
    assert.equal(dateOf('2024'), undefined);
    assert.equal(dateOf('2024-13-01'), undefined);
    assert.equal(dateOf('May 2024'), undefined);
  });

  test('categoriesOf splits text, drops empties and duplicates', () => {
    assert.deepEqual(categoriesOf('cs.CL, cs.LG;cs.CL'), ['cs.CL', 'cs.LG']);
    assert.deepEqual(categoriesOf([' math.AG ', 3, '']), ['math.AG']);
    assert.equal(categoriesOf(''), undefined);
    assert.equal(categoriesOf({}), undefined);
  });
});
