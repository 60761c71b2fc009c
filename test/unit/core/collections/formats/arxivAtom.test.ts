import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArxivAtom } from '../../../../../src/core/collections/formats/arxivAtom';
import { fixture, QUASARNET } from '../../../../helpers/formatFixtures';
import { titleId } from '../../../../../src/core/papers/ids';

describe('parseArxivAtom', () => {
  test('arXiv Atom: entries with title, summary, authors, id, published and DOI; wrapped lines joined', () => {
    const r = parseArxivAtom(fixture('quasars.xml'), 'quasars.xml');
    assert.deepEqual(r.problems, []);
    const [qn, halos] = r.papers;
    assert.equal(qn.abstract, QUASARNET);
    assert.equal(qn.sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
    assert.deepEqual(qn.authors, ['Jane Doe', 'Hans Müller']);
    assert.equal(qn.year, '2020');
    assert.equal(qn.doi, '10.3847/1538-3881/ab1234');
    assert.equal(qn.url, 'http://arxiv.org/abs/2003.01234v2');
    assert.equal(qn.sourceKey, '2003.01234v2');
    assert.equal(qn.sources[0].line, 8);
    assert.equal(halos.sourceTitle, 'Dark Matter Halos & Their Spin');
    assert.equal(halos.abstract, 'We measure the spin of $10^4$ dark matter halos in <10 Mpc boxes.');
  });

  test('arXiv Atom: an API error entry is a problem, not a paper', () => {
    const xml =
      '<feed xmlns="http://www.w3.org/2005/Atom">\n<entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id><title>Error</title><summary>incorrect id format for 1234</summary></entry>\n</feed>\n';
    const r = parseArxivAtom(xml, 'err.xml');
    assert.deepEqual(r.papers, []);
    assert.deepEqual(r.problems, [
      { file: 'err.xml', line: 2, message: 'the arXiv API answered with an error: incorrect id format for 1234' },
    ]);
  });

  test('arXiv Atom: an entry without a summary keeps its title, authors and year; one with neither is a problem', () => {
    const xml = [
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      '<entry><id>http://arxiv.org/abs/1901.00001v1</id><title>Lectures on\n  Tides</title>',
      '<author><name>Ann Sea</name></author><author><name>Bo Shore</name></author><published>2019-01-02T00:00:00Z</published></entry>',
      '<entry><id>http://arxiv.org/abs/1901.00002v1</id><published>2019-01-03T00:00:00Z</published></entry>',
      '</feed>',
    ].join('\n');
    const r = parseArxivAtom(xml, 'feed.xml');
    assert.deepEqual(
      r.papers.map((p) => [p.abstract, p.sourceTitle, p.authors, p.year, p.id]),
      [['', 'Lectures on Tides', ['Ann Sea', 'Bo Shore'], '2019', titleId('Lectures on Tides', '2019')]],
    );
    assert.deepEqual(r.problems, [
      { file: 'feed.xml', line: 5, message: 'entry "1901.00002v1" has neither a title nor an abstract; skipped' },
    ]);
  });
});
