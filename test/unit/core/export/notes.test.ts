import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { notesFileIdPart, userNoteText } from '../../../../src/core/export/notes';

describe('userNoteText and notesFileIdPart', () => {
  test('notes files: the user text after "## Notes", and the paper a file is about', () => {
    const file =
      '---\npaper: quasarnet-6b36542\nid: 6b36542e9460\n---\n\n# QuasarNet\n\n> We propose...\n\n## Notes\n\nCompare with\nSDSS templates.\n';
    assert.equal(userNoteText(file), 'Compare with\nSDSS templates.');
    assert.equal(userNoteText('---\npaper: x-1234567\n---\n\n# T\n\n## Notes\n\n\n'), '');
    assert.equal(userNoteText('Just my words.'), 'Just my words.');
    assert.equal(notesFileIdPart('whatever.md', file), '6b36542');
    assert.equal(notesFileIdPart('quasarnet-6b36542.md', 'no front matter'), '6b36542');
    assert.equal(notesFileIdPart('readme.md', 'no front matter'), undefined);
  });
});
