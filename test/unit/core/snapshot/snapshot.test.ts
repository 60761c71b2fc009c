import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCorpus } from '../../../../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import {
  decodeSnapshot,
  encodeSnapshot,
  fromSnapshot,
  snapshotLabel,
  toSnapshot,
  openSnapshot,
} from '../../../../src/core/snapshot/snapshot';
import { SNAPSHOT_FORMAT, SnapshotError, bytesSource, SnapshotSource } from '../../../../src/core/snapshot/format';
import { Theme } from '../../../../src/core/papers/types';
import { longAbstractsAnalysis, madeUpAnalysis } from '../../../helpers/madeUpCorpus';

describe('toSnapshot, encodeSnapshot, decodeSnapshot and fromSnapshot', () => {
  test('a snapshot restores the same themes, search and related papers', () => {
    const a = madeUpAnalysis();
    const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a))));
    assert.deepEqual(b.themes, a.themes);
    assert.deepEqual(
      b.papers.map((p) => [p.id, p.title, p.theme]),
      a.papers.map((p) => [p.id, p.title, p.theme]),
    );
    for (const q of ['inflation', 'compil', 'theme:' + a.themes[0].label]) {
      assert.deepEqual(
        b.search.search(q).map((h) => h.id),
        a.search.search(q).map((h) => h.id),
        q,
      );
    }
    for (const p of a.papers) assert.deepEqual(b.related.relatedTo(p.id, 3), a.related.relatedTo(p.id, 3));
  });

  test('a snapshot without its search index is smaller and restores an index built from the papers when searched', () => {
    const a = madeUpAnalysis();
    const whole = encodeSnapshot(toSnapshot(a));
    const bytes = encodeSnapshot(toSnapshot(a, { search: false }));
    assert.ok(bytes.length < whole.length, `${bytes.length} bytes against ${whole.length}`);
    const s = decodeSnapshot(bytes);
    assert.equal(s.searchIndex, undefined);
    const b = fromSnapshot(s);
    assert.deepEqual(b.themes, a.themes);
    for (const q of ['inflation', 'compil', 'theme:' + a.themes[0].label])
      assert.deepEqual(
        b.search.search(q).map((h) => h.id),
        a.search.search(q).map((h) => h.id),
        q,
      );
  });

  test('encode then decode gives back the snapshot: papers with metadata, two collections, non-ASCII text, problems', () => {
    const a = madeUpAnalysis();
    const s = toSnapshot(a);
    // the made-up data has what the round trip must carry
    const both = s.papers.find((p) => p.collections.length === 2);
    assert.ok(both, 'a paper in both collections');
    assert.deepEqual(
      both.sources.map((x) => x.collection),
      ['daily', 'refs'],
    );
    assert.equal(both.sourceKey, 'hive2021');
    assert.ok(s.papers.some((p) => p.abstract.includes('🔥') && p.abstract.includes('\ufeff')));
    assert.ok(s.papers.some((p) => p.authors?.some((x) => x.includes('Ć'))));
    assert.ok(s.problems.length > 0 && s.problems.some((p) => p.file === 'refs.bib'));
    const back = decodeSnapshot(encodeSnapshot(s));
    assert.deepEqual(back.papers, s.papers);
    for (const p of back.papers) assert.equal(Object.getPrototypeOf(p), Object.prototype, 'papers stay plain objects');
    assert.deepEqual(back.computedThemes, s.computedThemes);
    assert.deepEqual(back.collections, s.collections);
    assert.deepEqual(back.problems, s.problems);
    assert.deepEqual(back.timings, s.timings);
    assert.deepEqual(back.relatedRows, s.relatedRows);
    assert.equal(back.relatedDims, s.relatedDims);
    assert.deepEqual(back.searchIndex, s.searchIndex);
  });

  test('restored search answers every query as the original: words, prefixes, misspellings, non-ASCII, filters', () => {
    const a = madeUpAnalysis();
    const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a))));
    const queries = [
      'galaxy',
      'gal',
      'telescpe',
      'größe',
      'wärme',
      '熱流',
      'kitefold',
      'inflation wage',
      'collection:refs',
      '-collection:daily bees',
      'theme:' + a.themes[1].label,
      'st',
    ];
    for (const q of queries) assert.deepEqual(b.search.search(q), a.search.search(q), q);
    assert.ok(a.search.search('kitefold').length > 0 && a.search.search('collection:refs').length === 3);
  });

  test('a paper field the columns do not know, or a source with more than a collection and a line, survives the round trip', () => {
    const s = toSnapshot(madeUpAnalysis());
    const odd = s.papers.map((p, i) =>
      i === 0
        ? { ...p, venue: 'Journal of Made-up Results', sources: [{ collection: 'daily', line: 2, column: 7 }] }
        : i === 1
          ? { ...p, method: null }
          : p,
    );
    const back = decodeSnapshot(encodeSnapshot({ ...s, papers: odd }));
    assert.deepEqual(back.papers, odd);
  });

  test('a truncated, damaged, older-format or foreign file is a SnapshotError, never another error or wrong data', () => {
    const bytes = encodeSnapshot(toSnapshot(madeUpAnalysis()));
    const rejects = (b: Uint8Array, why: string) => assert.throws(() => decodeSnapshot(b), SnapshotError, why);
    for (const cut of [0, 10, 30, 100, Math.floor(bytes.length / 2), bytes.length - 1])
      rejects(bytes.subarray(0, cut), `cut at ${cut}`);
    rejects(new Uint8Array([...bytes, 0]), 'one byte too many');
    const otherFormat = bytes.slice();
    new DataView(otherFormat.buffer).setUint32(16, SNAPSHOT_FORMAT + 1, true);
    rejects(otherFormat, 'a newer format');
    // format 1 was two files: JSON text and a binary part
    rejects(
      new TextEncoder().encode(
        JSON.stringify({
          papers: [],
          computedThemes: [],
          relatedRows: { $binary: 'Float32Array', offset: 0, length: 0 },
        }),
      ),
      'the old JSON part',
    );
    rejects(new Uint8Array(4096).fill(7), 'garbage');
    const badHeader = bytes.slice();
    badHeader[40] ^= 0xff; // inside the JSON part
    rejects(badHeader, 'a damaged JSON part');
  });

  test('a paper known only by its title keeps its empty abstract, title, authors and year', () => {
    const a = madeUpAnalysis();
    const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a))));
    const book = b.papers.find((p) => p.sourceKey === 'empty2020')!;
    assert.deepEqual(
      [book.abstract, book.title, book.method, book.authors, book.year],
      ['', 'No Abstract Here: Moths of the Galaxy', null, ['Mo Wing'], '2020'],
    );
    assert.deepEqual(
      b.search.search('wing').map((h) => h.id),
      a.search.search('wing').map((h) => h.id),
    );
  });
});

describe('snapshotLabel', () => {
  test('the label is stored and read back without decoding the snapshot', () => {
    const s = toSnapshot(madeUpAnalysis());
    assert.equal(snapshotLabel(encodeSnapshot(s, 'seeds:1234')), 'seeds:1234');
    assert.equal(snapshotLabel(encodeSnapshot(s)), undefined);
  });
});

describe('decodeSnapshot with deferred: true', () => {
  test('a paper with a deferred abstract looks like any other: JSON, keys, assignment, re-encoding', () => {
    const a = longAbstractsAnalysis();
    const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a)), { deferred: true }));
    const p = b.papers[3];
    const original = a.papers[3];
    assert.deepEqual(JSON.parse(JSON.stringify(p)), JSON.parse(JSON.stringify(original)));
    assert.ok('abstract' in p);
    assert.equal(p.keywords, p.keywords, 'a list made on first use is kept: the same array each time');
    p.keywords.push('hand-added');
    assert.deepEqual(p.keywords, [...original.keywords, 'hand-added']);
    p.collections = ['mine'];
    assert.deepEqual(p.collections, ['mine']);
    assert.deepEqual(p.sources, original.sources);
    p.abstract = 'Rewritten by hand.';
    assert.equal(p.abstract, 'Rewritten by hand.');
    assert.equal(b.papers[4].abstract, a.papers[4].abstract, 'the others still read theirs');
    // a restored snapshot encodes again to the same bytes
    const again = decodeSnapshot(
      encodeSnapshot(toSnapshot(fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a)), { deferred: true })))),
    );
    assert.deepEqual(
      again.papers.map((x) => x.abstract),
      a.papers.map((x) => x.abstract),
    );
  });

  test('a title with math comes back in both forms, on a plain and a deferred restore', () => {
    const a = longAbstractsAnalysis();
    Object.assign(a.papers[1], { sourceTitle: 'O(n) sorting', sourceTitleMath: '$\\mathcal{O}(n)$ sorting' });
    for (const options of [{}, { deferred: true }]) {
      const p = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a)), options)).papers[1];
      assert.deepEqual([p.sourceTitle, p.sourceTitleMath], ['O(n) sorting', '$\\mathcal{O}(n)$ sorting']);
      assert.equal(p.abstract, a.papers[1].abstract);
    }
  });

  test("a paper's arXiv id, date and categories come back; a paper with fields of its own still has its abstract", () => {
    const a = longAbstractsAnalysis();
    Object.assign(a.papers[2], { arxivId: '2401.01234v2', date: '2024-01-02', categories: ['cs.CL', 'cs.LG'] });
    Object.assign(a.papers[3], { futureField: { kept: true } });
    for (const options of [{}, { deferred: true }]) {
      const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a)), options));
      const [p, q] = [b.papers[2], b.papers[3]];
      assert.deepEqual([p.arxivId, p.date, p.categories], ['2401.01234v2', '2024-01-02', ['cs.CL', 'cs.LG']]);
      assert.equal(p.abstract, a.papers[2].abstract);
      assert.equal(
        q.abstract,
        a.papers[3].abstract,
        `the abstract of a paper with extras (${JSON.stringify(options)})`,
      );
      assert.deepEqual((q as unknown as Record<string, unknown>).futureField, { kept: true });
    }
  });

  test('theme corrections on a deferred restore keep search snippets (the abstract is read from the paper)', () => {
    const a = longAbstractsAnalysis();
    const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a)), { deferred: true }), {
      renames: { [a.themes[0].id]: 'Renamed theme' },
      moves: {},
      userThemes: [],
    });
    const hit = b.search.search('glacier')[0];
    assert.ok(hit.snippet && hit.snippet.text.toLowerCase().includes('glacier'), JSON.stringify(hit.snippet));
    b.search.updateMeta(hit.id, { themeId: 'x', themeLabel: 'Another label', collections: [] });
    const again = b.search.search('glacier').find((h) => h.id === hit.id);
    assert.ok(again?.snippet?.text.toLowerCase().includes('glacier'), 'the abstract survives a metadata update');
  });

  test('a damaged abstract found when it is read is a SnapshotError, not wrong text', () => {
    const a = longAbstractsAnalysis();
    const bytes = encodeSnapshot(toSnapshot(a));
    const s = decodeSnapshot(bytes.slice(), { deferred: true });
    // the same snapshot whose bytes change after the restore: the long abstract's chunk loses bytes of its UTF-8
    const damaged = bytes.slice();
    const restored = decodeSnapshot(damaged, { deferred: true });
    // (the end of the long abstract: its first chunk also holds other strings and was read at the restore)
    const at = Buffer.from(damaged).lastIndexOf('Layer after layer');
    assert.ok(at > 0);
    // two ASCII letters become one two-byte letter ("é"): the chunk decodes to fewer characters than stored
    damaged.set([0xc3, 0xa9], at);
    const long = restored.papers.findIndex(
      (p) => p.id === s.papers.find((x) => x.abstract.startsWith('Ice cores'))!.id,
    );
    assert.throws(() => restored.papers[long].abstract, SnapshotError);
  });
});

describe('openSnapshot', () => {
  // Made-up abstracts on four topics, so that the analysis has several themes of different sizes.
  const topics = ['tidal marsh salinity', 'alpine lichen growth', 'desert dune migration', 'kelp forest decline'];
  const lines = Array.from({ length: 48 }, (_, i) => {
    const t = topics[i % 5 === 0 ? 0 : i % topics.length];
    return `We survey ${t} at plot ${i}. Repeated ${t} counts show a seasonal trend, and ${t} responds to drought in ${2000 + i}.`;
  });

  function encoded(): { bytes: Uint8Array; themes: Theme[]; papers: number } {
    const text = `Daily Papers\n${lines.join('\n')}\n`;
    const a = analyzeCorpus(
      mergeCollections([
        { path: 'made-up.txt', result: parseCollectionBytes(new TextEncoder().encode(text), 'made-up.txt') },
      ]),
    );
    return { bytes: encodeSnapshot(toSnapshot(a)), themes: a.computedThemes, papers: a.papers.length };
  }

  /** A source over `bytes` that counts what is read from it. */
  function counting(bytes: Uint8Array): SnapshotSource & { bytesRead: number } {
    const inner = bytesSource(bytes);
    const source = {
      size: inner.size,
      bytesRead: 0,
      read: (offset: number, length: number) => ((source.bytesRead += length), inner.read(offset, length)),
    };
    return source;
  }

  test('a snapshot outline gives the themes as grouped (id, label, size) without reading the papers, then decodes the same analysis', () => {
    const { bytes, themes, papers } = encoded();
    assert.ok(themes.length >= 2, 'the made-up corpus has several themes');
    const source = counting(bytes);
    const opened = openSnapshot(source);
    const outline = opened.outline();
    assert.equal(outline.papers, papers);
    assert.deepEqual(
      outline.themes,
      themes.map((t) => ({ id: t.id, label: t.label, size: t.paperIds.length })),
    );
    // the header and the themes' lengths only: far less than the papers' text
    assert.ok(source.bytesRead < bytes.length / 4, `read ${source.bytesRead} of ${bytes.length} bytes for the outline`);
    const decoded = opened.decode({ deferred: true });
    assert.deepEqual(
      decoded.computedThemes.map((t) => [t.id, t.label, t.paperIds.length]),
      outline.themes.map((t) => [t.id, t.label, t.size]),
    );
  });

  test('a snapshot whose themes are damaged gives a SnapshotError from the outline', () => {
    const { bytes } = encoded();
    const text = new TextDecoder('latin1').decode(bytes);
    // the body is JSON in the header: replace the first theme's label by a number, same length
    const at = text.indexOf('"computedThemes":[{');
    assert.ok(at > 0);
    const labelAt = text.indexOf('"label":"', at) + '"label":'.length;
    const end = text.indexOf('"', labelAt + 1) + 1;
    const damaged = bytes.slice();
    damaged.set(new TextEncoder().encode('1'.padEnd(end - labelAt, ' ')), labelAt);
    assert.throws(() => openSnapshot(damaged).outline(), SnapshotError);
  });
});
