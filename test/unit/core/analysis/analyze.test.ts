import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCorrections } from '../../../../src/core/analysis/analyze';
import { madeUpAnalysis } from '../../../helpers/madeUpCorpus';

describe('applyCorrections', () => {
  test('corrections re-applied to an analysis move papers and update the theme: filter', () => {
    const a = madeUpAnalysis();
    const paper = a.papers[0];
    applyCorrections(a, {
      renames: {},
      moves: {},
      userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }],
    });
    applyCorrections(a, {
      renames: {},
      moves: { [paper.id]: 'mine' },
      userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }],
    });
    assert.equal(a.byId.get(paper.id)!.theme, 'mine');
    assert.deepEqual(
      a.search.search('theme:"my reading"').map((h) => h.id),
      [paper.id],
    );
  });
});
