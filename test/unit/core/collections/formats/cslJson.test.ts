import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCslJson } from '../../../../../src/core/collections/formats/cslJson';
import { fixture, QUASARNET } from '../../../../helpers/formatFixtures';
import { titleId } from '../../../../../src/core/papers/ids';

describe('parseCslJson', () => {
  test('CSL-JSON: Zotero items with abstract, title (markup removed), authors, issued, DOI and URL', () => {
    const r = parseCslJson(fixture('quasars.json'), 'quasars.json');
    assert.equal(r.papers.length, 3);
    const [qn, glacier, book] = r.papers;
    assert.equal(qn.abstract, QUASARNET);
    assert.equal(qn.sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
    assert.deepEqual(qn.authors, ['Jane Doe', 'Hans Müller', 'Sloan Digital Sky Survey']);
    assert.equal(qn.year, '2020');
    assert.equal(qn.doi, '10.3847/1538-3881/ab1234');
    assert.equal(qn.sourceKey, 'doe2020quasarnet', 'citation-key is preferred to the Zotero id');
    assert.equal(qn.sources[0].line, 2);
    assert.equal(glacier.year, '2022');
    assert.equal(glacier.sources[0].line, 14);
    // an item without an abstract keeps its title, authors and year, with the same id as in the .bib
    assert.equal(book.abstract, '');
    assert.equal(book.sourceTitle, 'A Book Without an Abstract');
    assert.deepEqual(book.authors, ['N. Nobody']);
    assert.equal(book.year, '2019');
    assert.equal(book.id, titleId('A Book Without an Abstract', '2019'));
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].line, 29);
    assert.match(r.problems[0].message, /^item 4 \(id ".*MNOP3456"\) has neither a title nor an abstract; skipped$/);
  });
});
