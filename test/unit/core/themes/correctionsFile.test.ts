import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCorrections, serializeCorrections } from '../../../../src/core/themes/correctionsFile';

describe('serializeCorrections / parseCorrections', () => {
  test('a user subtheme keeps its broad theme; a theme at the top is written as it always was', () => {
    const c = {
      renames: {},
      moves: {},
      userThemes: [
        { id: 'user-mine', label: 'Mine', keywords: ['kelp'], parent: 'oceans' },
        { id: 'user-top', label: 'Top', keywords: [] },
      ],
      themeMembers: {},
    };
    const text = serializeCorrections(c);
    assert.match(text, /"parent": "oceans"/);
    assert.equal(text.match(/"parent"/g)?.length, 1);
    assert.deepEqual(parseCorrections(text, 'themes.json'), c);
  });

  test('a parent that is not a theme id is an error naming the file', () => {
    assert.throws(
      () => parseCorrections('{"userThemes":[{"id":"u","label":"U","keywords":[],"parent":3}]}', 'themes.json'),
      /themes\.json.*"parent"/s,
    );
  });
});
