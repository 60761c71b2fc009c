import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCslJson } from '../../../../../src/core/collections/formats/cslJson';
import { fixture, QUASARNET } from '../../../../helpers/formatFixtures';

describe('parseCslJson', () => {
  test('CSL-JSON: Zotero items with abstract, title (markup removed), authors, issued, DOI and URL', () => {
    const r = parseCslJson(fixture('quasars.json'), 'quasars.json');
    assert.equal(r.papers.length, 2);
    const [qn, glacier] = r.papers;
    assert.equal(qn.abstract, QUASARNET);
    assert.equal(qn.sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
    assert.deepEqual(qn.authors, ['Jane Doe', 'Hans Müller', 'Sloan Digital Sky Survey']);
    assert.equal(qn.year, '2020');
    assert.equal(qn.doi, '10.3847/1538-3881/ab1234');
    assert.equal(qn.sourceKey, 'doe2020quasarnet', 'citation-key is preferred to the Zotero id');
    assert.equal(qn.sources[0].line, 2);
    assert.equal(glacier.year, '2022');
    assert.equal(glacier.sources[0].line, 14);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].line, 22);
    assert.match(r.problems[0].message, /^item 3 \(id ".*IJKL9012"\) has no abstract; skipped$/);
  });
});
