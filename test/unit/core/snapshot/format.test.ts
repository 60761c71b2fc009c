import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeSnapshot, encodeSnapshot, toSnapshot } from '../../../../src/core/snapshot/snapshot';
import { SnapshotError, SnapshotReader, SnapshotWriter } from '../../../../src/core/snapshot/format';
import { madeUpAnalysis } from '../../../helpers/madeUpCorpus';

describe('SnapshotWriter and SnapshotReader', () => {
  test('strings round-trip exactly: empty, across chunks, surrogate pairs at a chunk edge, lone surrogates, a leading BOM', () => {
    const long = 'é'.repeat(40_000) + '🚀' + 'x'.repeat(70_000);
    const edge = 'a'.repeat(32_767) + '😀' + 'b';
    const strings = [
      '',
      '\ufeffstarts with a BOM',
      long,
      '',
      edge,
      'lone \ud800 high and \udc00 low',
      'ascii',
      '中文摘要'.repeat(9000),
      '',
    ];
    const w = new SnapshotWriter();
    const numbers = strings.map((s) => w.string(s));
    const r = new SnapshotReader(w.finish({ numbers }));
    const back = r.strings();
    assert.deepEqual(
      (r.body as { numbers: number[] }).numbers.map((n) => back[n]),
      strings,
    );
  });

  test('section numbers and string numbers out of range are rejected', () => {
    const w = new SnapshotWriter();
    w.string('only string');
    const r = new SnapshotReader(w.finish({}));
    assert.throws(() => r.array(99, 'u32'), SnapshotError);
    assert.throws(() => r.array(0, 'f32'), SnapshotError, 'a section read as another type');
    const s = toSnapshot(madeUpAnalysis());
    const bytes = encodeSnapshot(s);
    // point the search index at a section that is not there: the JSON part is rewritten with the same length
    const jsonStart = 32;
    const jsonLength = new DataView(bytes.buffer).getUint32(20, true);
    const json = new TextDecoder().decode(bytes.subarray(jsonStart, jsonStart + jsonLength));
    // a section number that no section has, padded with spaces (JSON allows them) to the same length
    const broken = json.replace(/"alive":(\d+)/, (_m, n: string) => `"alive":${'-1'.padEnd(n.length)}`);
    assert.notEqual(broken, json);
    const copy = bytes.slice();
    copy.set(new TextEncoder().encode(broken), jsonStart);
    assert.throws(() => decodeSnapshot(copy), SnapshotError);
  });
});
