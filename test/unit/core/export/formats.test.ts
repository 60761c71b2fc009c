import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { toExportJson, toMarkdown } from '../../../../src/core/export/formats';
import { BOOK, TRICKY } from '../../../helpers/exportFixtures';

describe('toExportJson and toMarkdown', () => {
  test('JSON and Markdown exports carry the same fields', () => {
    const options = { keyOf: () => 'k1', noteOf: () => 'my note', collectionsOf: () => ['refs'] };
    const [json] = toExportJson([TRICKY[0]], options);
    assert.deepEqual(Object.keys(json), [
      'key',
      'id',
      'title',
      'authors',
      'year',
      'url',
      'doi',
      'arxivId',
      'date',
      'categories',
      'page',
      'abstract',
      'collections',
      'note',
    ]);
    assert.equal(json.note, 'my note');
    const md = toMarkdown([TRICKY[0], TRICKY[2]], { keyOf: (p) => p.id });
    assert.match(
      md,
      /^# Papers\n\n## BERT and QuasarNet: GPT-4 \{x\} for \$x\^2\$ -- Über\n\n`[0-9a-f]{12}`\n\nJane Doe, R & D and Co, Émile Zola · 2020\n/,
    );
    assert.match(md, /\[doi:10\.1234\/ab\{c\}\]\(https:\/\/doi\.org\/10\.1234\/ab\{c\}\)/);
    assert.match(md, /## Untitled paper/);
  });

  test('a title with math: as written in the Markdown heading, as plain text in JSON', () => {
    const p = { ...TRICKY[1], sourceTitle: 'O(n) kites', sourceTitleMath: '$\\mathcal{O}(n)$ kites' };
    assert.match(toMarkdown([p], { keyOf: () => 'k' }), /\n## \$\\mathcal\{O\}\(n\)\$ kites\n/);
    assert.equal(toExportJson([p], { keyOf: () => 'k' })[0].title, 'O(n) kites');
  });

  test('a paper known only by its title: its title, authors and year, and no empty abstract quote', () => {
    const [json] = toExportJson([BOOK], { keyOf: () => 'atlas-a1b2c3d' });
    assert.deepEqual([json.title, json.authors, json.year, json.abstract], [BOOK.title, BOOK.authors, '2004', '']);
    const md = toMarkdown([BOOK], { keyOf: () => 'atlas-a1b2c3d' });
    assert.equal(md, '# Papers\n\n## Atlas of Made-up Moths\n\n`atlas-a1b2c3d`\n\nMo Wing, Lu Night · 2004\n');
  });

  test("an arXiv paper's id, date, categories and page in JSON, its arXiv link in Markdown", () => {
    const paper = {
      id: 'a1b2c3d4e5f6',
      abstract: 'An abstract.',
      title: 'Probes',
      url: 'http://arxiv.org/abs/2401.01234v2',
      date: '2024-01-02',
      categories: ['cs.LG', 'stat.ML'],
    };
    const [json] = toExportJson([paper], { keyOf: () => 'k' });
    assert.deepEqual(
      [json.arxivId, json.date, json.categories, json.page],
      ['2401.01234v2', '2024-01-02', ['cs.LG', 'stat.ML'], 'https://arxiv.org/abs/2401.01234v2'],
    );
    const md = toMarkdown([paper], { keyOf: () => 'k' });
    assert.match(md, /\[arXiv:2401\.01234v2\]\(https:\/\/arxiv\.org\/abs\/2401\.01234v2\) · \[link\]/);
    const [none] = toExportJson([{ id: 'b', abstract: 'x', url: 'javascript:alert(1)' }], { keyOf: () => 'k' });
    assert.deepEqual([none.arxivId, none.page, none.categories], [null, null, []]);
  });
});
