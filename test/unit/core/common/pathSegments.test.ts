import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isLinkId, isPaperId, isPathInside, outsideWorkspaceProblem } from '../../../../src/core/common/pathSegments';
import { paperId, titleId } from '../../../../src/core/papers/ids';

describe('isPaperId', () => {
  test('takes the ids Papers makes (12 hex digits from an abstract, 16 from a title)', () => {
    assert.ok(isPaperId(paperId('An abstract.')));
    assert.ok(isPaperId(titleId('A title', '2024')));
  });
  test('refuses anything that could name another file', () => {
    for (const bad of [
      '../../../victim/settings',
      '',
      'abc',
      'ABCDEF012345',
      '0123456789ab/',
      '0123456789ab.json',
      '0123456789abc',
      '/etc/passwd',
      'c:\\x',
      '0123456789a\u0000',
      'constructor',
      '__proto__',
      12,
      null,
      undefined,
    ])
      assert.equal(isPaperId(bad), false, JSON.stringify(bad));
  });
});

describe('isLinkId', () => {
  test('plain names pass, path characters do not', () => {
    assert.ok(isLinkId('0a1b2c3d4e5f'));
    assert.ok(!isLinkId('../x'));
    assert.ok(!isLinkId(''));
  });
});

describe('outsideWorkspaceProblem', () => {
  test('workspace-relative paths pass', () => {
    for (const ok of ['src/a.py', 'README.md', 'a/..b/c', '.papers/x', 'dir/file..txt'])
      assert.equal(outsideWorkspaceProblem(ok), undefined, ok);
  });
  test('paths that leave the workspace are refused, each with its reason', () => {
    assert.match(outsideWorkspaceProblem('../secret/id_rsa')!, /\.\./);
    assert.match(outsideWorkspaceProblem('src/../../x')!, /\.\./);
    assert.match(outsideWorkspaceProblem('/etc/passwd')!, /absolute/);
    assert.match(outsideWorkspaceProblem('\\\\server\\share')!, /absolute/);
    assert.match(outsideWorkspaceProblem('C:/Windows')!, /absolute/);
    assert.match(outsideWorkspaceProblem('file:///etc/passwd')!, /URI/);
    assert.match(outsideWorkspaceProblem('~/.ssh/id_rsa')!, /home/);
    assert.match(outsideWorkspaceProblem('a\u0000b')!, /control/);
    assert.match(outsideWorkspaceProblem('')!, /empty/);
  });
});

describe('isPathInside', () => {
  test('a path is inside its root and below it, not beside it', () => {
    assert.ok(isPathInside('/ws', '/ws'));
    assert.ok(isPathInside('/ws/', '/ws/.papers/links'));
    assert.ok(!isPathInside('/ws', '/ws2/.papers'));
    assert.ok(!isPathInside('/ws', '/elsewhere'));
    assert.ok(isPathInside('C:\\ws', 'C:\\ws\\notes'));
    assert.ok(isPathInside('/', '/anything'));
  });
});
