import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { titleView } from '../../../../src/features/paperPanel/viewModel';
import type { Paper } from '../../../../src/core/papers';

const paper = (fields: Partial<Paper>): Paper => ({
  id: 'p1',
  abstract: 'We sort kites.',
  sources: [{ collection: 'refs', line: 1 }],
  title: 'KiteSort',
  method: null,
  keywords: [],
  theme: 't1',
  collections: ['refs'],
  ...fields,
});

describe('titleView', () => {
  test("the file's title with math gives the page both forms", () => {
    const p = paper({ title: 'O(n) kites', sourceTitle: 'O(n) kites', sourceTitleMath: '$\\mathcal{O}(n)$ kites' });
    assert.deepEqual(titleView(p), { title: 'O(n) kites', titleMath: '$\\mathcal{O}(n)$ kites' });
  });

  test('a title without math, or a title shown that is not the one the math belongs to, is plain text only', () => {
    assert.deepEqual(titleView(paper({ sourceTitle: 'KiteSort' })), { title: 'KiteSort' });
    const derived = paper({ title: 'KiteSort: sorting kites', sourceTitleMath: '$O(n)$ kites' });
    assert.deepEqual(titleView(derived), { title: 'KiteSort: sorting kites' });
  });
});
