import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentKey, digestOf, digestsOfRead } from '../../../../src/features/analysis/digest';
import * as onNode from '../../../../src/node/cache/contentKey';

const files = [
  { path: 'file:///w/a.txt', bytes: new TextEncoder().encode('Daily Papers\n\nAn abstract about graphs.\n') },
  { path: 'vscode-vfs://github/o/r/b.bib', bytes: new Uint8Array([0, 1, 2, 255]) },
];

describe('analysis cache digests through Web Crypto (the web host has no node:crypto)', () => {
  test("a file's digest is node:crypto's SHA-256, path kept", async () => {
    for (const f of files) assert.deepEqual(await digestOf(f.path, f.bytes), onNode.digestOf(f.path, f.bytes));
  });

  test('the cache key is the one node makes, for the same version, files and order', async () => {
    const digests = await digestsOfRead(files);
    assert.equal(await contentKey('1.2.3', digests), onNode.contentKey('1.2.3', digests));
    assert.notEqual(await contentKey('1.2.4', digests), await contentKey('1.2.3', digests));
    assert.notEqual(await contentKey('1.2.3', [...digests].reverse()), await contentKey('1.2.3', digests));
  });
});
