import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../../../src/core/snapshot/snapshot';
import { bytesSource, SnapshotSource } from '../../../../src/core/snapshot/format';
import { longAbstractsAnalysis } from '../../../helpers/madeUpCorpus';

describe('decodeSnapshot with deferred: true', () => {
  /** A source over `bytes` that counts what is read from it. */
  function counting(bytes: Uint8Array): SnapshotSource & { bytesRead: number } {
    const inner = bytesSource(bytes);
    const source = {
      size: inner.size,
      bytesRead: 0,
      read(offset: number, length: number, scratch?: Uint8Array) {
        source.bytesRead += length;
        return inner.read(offset, length, scratch);
      },
    };
    return source;
  }

  test('a deferred restore reads the abstracts, postings and related rows only when used, and they are the same', () => {
    const a = longAbstractsAnalysis();
    const bytes = encodeSnapshot(toSnapshot(a));
    const source = counting(bytes);
    const s = decodeSnapshot(source, { deferred: true });
    const atRestore = source.bytesRead;
    const abstractBytes = a.papers.reduce((n, p) => n + Buffer.byteLength(p.abstract), 0);
    assert.ok(
      atRestore < bytes.length - 0.8 * abstractBytes,
      `read ${atRestore} of ${bytes.length} bytes to restore (abstracts: ${abstractBytes})`,
    );
    const b = fromSnapshot(s);
    assert.equal(source.bytesRead, atRestore, 'rebuilding the analysis reads nothing more');
    // titles and themes are there without reading more
    assert.deepEqual(
      b.papers.map((p) => [p.id, p.title, p.theme, p.keywords]),
      a.papers.map((p) => [p.id, p.title, p.theme, p.keywords]),
    );
    assert.deepEqual(b.themes, a.themes);
    assert.equal(source.bytesRead, atRestore);
    // then everything else, equal to the original
    assert.deepEqual(
      b.papers.map((p) => p.abstract),
      a.papers.map((p) => p.abstract),
    );
    assert.ok(source.bytesRead > atRestore);
    for (const q of ['collection:made-up', 'glacier', 'coral bleach', 'sedimnt', 'wärmeinseln', '熱島'])
      assert.deepEqual(b.search.search(q), a.search.search(q), q);
    assert.equal(a.search.search('collection:made-up').length, 50, 'a filter-only query lists papers');
    for (const p of a.papers.slice(0, 10)) assert.deepEqual(b.related.relatedTo(p.id, 3), a.related.relatedTo(p.id, 3));
  });
});
