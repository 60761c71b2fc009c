import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isFileNotFound } from '../../../../src/core/common/errors';

/** An error as a file system throws it: node's (`code` EACCES...) or workspace.fs's (`code` NoPermissions...). */
const fsError = (code: string) => Object.assign(new Error(`${code}: made up`), { code });

describe('isFileNotFound', () => {
  test('a file that is not there', () => {
    assert.ok(isFileNotFound(fsError('ENOENT')));
    assert.ok(isFileNotFound(fsError('FileNotFound')));
  });
  test('a file that is there but cannot be read is not missing', () => {
    for (const code of [
      'EACCES',
      'EPERM',
      'EIO',
      'EISDIR',
      'NoPermissions',
      'FileIsADirectory',
      'Unknown',
      'Unavailable',
    ])
      assert.equal(isFileNotFound(fsError(code)), false, code);
    assert.equal(isFileNotFound(new Error('no code')), false);
    assert.equal(isFileNotFound(undefined), false);
  });
});
