import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { linkableSchemes } from '../../../../src/features/links/schemes';

describe('linkableSchemes', () => {
  test('a local folder: the disk and a remote, as before', () => {
    assert.deepEqual(linkableSchemes(['file']), ['file', 'vscode-remote']);
  });

  test("github.dev's and vscode.dev's repositories (vscode-vfs) are files Papers links in", () => {
    assert.deepEqual(linkableSchemes(['vscode-vfs']), ['file', 'vscode-remote', 'vscode-vfs']);
  });

  test('every scheme of a multi-root workspace, once each; no folder: the defaults', () => {
    assert.deepEqual(linkableSchemes(['vscode-vfs', 'tmp', 'vscode-vfs', 'file']), [
      'file',
      'vscode-remote',
      'vscode-vfs',
      'tmp',
    ]);
    assert.deepEqual(linkableSchemes([]), ['file', 'vscode-remote']);
  });

  test("the editor's own views of a file are never linkable, even as a folder's scheme", () => {
    assert.deepEqual(linkableSchemes(['git', 'untitled', 'output']), ['file', 'vscode-remote']);
  });
});
