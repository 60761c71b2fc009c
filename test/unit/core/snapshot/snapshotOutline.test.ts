import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCorpus } from '../../../../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { encodeSnapshot, openSnapshot, toSnapshot } from '../../../../src/core/snapshot/snapshot';
import { bytesSource, SnapshotError, SnapshotSource } from '../../../../src/core/snapshot/format';
import { applyThemeCorrections, outlineThemes, ThemeCorrections } from '../../../../src/core/themes/corrections';
import { Paper, Theme } from '../../../../src/core/papers/types';

// Made-up abstracts on four topics, so that the analysis has several themes of different sizes.
const topics = ['tidal marsh salinity', 'alpine lichen growth', 'desert dune migration', 'kelp forest decline'];
const lines = Array.from({ length: 48 }, (_, i) => {
  const t = topics[i % 5 === 0 ? 0 : i % topics.length];
  return `We survey ${t} at plot ${i}. Repeated ${t} counts show a seasonal trend, and ${t} responds to drought in ${2000 + i}.`;
});

function encoded(): { bytes: Uint8Array; themes: Theme[]; papers: number } {
  const text = `Daily Papers\n${lines.join('\n')}\n`;
  const a = analyzeCorpus(mergeCollections([{ path: 'made-up.txt', result: parseCollectionBytes(new TextEncoder().encode(text), 'made-up.txt') }]));
  return { bytes: encodeSnapshot(toSnapshot(a)), themes: a.computedThemes, papers: a.papers.length };
}

/** A source over `bytes` that counts what is read from it. */
function counting(bytes: Uint8Array): SnapshotSource & { bytesRead: number } {
  const inner = bytesSource(bytes);
  const source = { size: inner.size, bytesRead: 0, read: (offset: number, length: number) => ((source.bytesRead += length), inner.read(offset, length)) };
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

/** Made-up computed themes of made-up papers: sizes with ties, labels out of order. */
function madeUpThemes(seed: number): { themes: Theme[]; papers: Paper[] } {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const themes: Theme[] = [];
  const papers: Paper[] = [];
  const count = 2 + Math.floor(next() * 8);
  for (let t = 0; t < count; t++) {
    const size = Math.floor(next() * 4); // empty themes too
    const ids = Array.from({ length: size }, (_, k) => `p${t}-${k}`);
    for (const id of ids) papers.push({ id, abstract: id, title: id, method: null, keywords: [], theme: '', collections: [], sources: [] });
    themes.push({ id: `t${t}`, label: ['Wetlands', 'Alpine', 'dunes', 'Kelp', 'Wetlands B'][Math.floor(next() * 5)], paperIds: ids });
  }
  return { themes, papers };
}

test('outlineThemes gives the themes applyThemeCorrections gives (ids, labels, sizes, order) when the corrections only rename', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const { themes, papers } = madeUpThemes(seed);
    const renames: Record<string, string> = {};
    for (const t of themes) if ((seed + t.paperIds.length) % 3 === 0) renames[t.id] = `Renamed ${(seed * 7) % 4}`;
    const corrections: ThemeCorrections = { renames, moves: {}, userThemes: [] };
    const expected = applyThemeCorrections(themes, papers, corrections).map((t) => ({ id: t.id, label: t.label, size: t.paperIds.length }));
    const outline = outlineThemes(themes.map((t) => ({ id: t.id, label: t.label, size: t.paperIds.length })), corrections);
    assert.deepEqual(outline, expected, `seed ${seed}`);
  }
});

test('outlineThemes gives nothing when the corrections need the papers: moves, user themes, a rename of a theme not in the outline', () => {
  const themes = [{ id: 'a', label: 'Alpine lichens', size: 3 }, { id: 'b', label: 'Kelp forests', size: 2 }];
  assert.equal(outlineThemes(themes, { renames: {}, moves: { p1: 'b' }, userThemes: [] }), undefined);
  assert.equal(outlineThemes(themes, { renames: {}, moves: {}, userThemes: [{ id: 'mine', label: 'Mine', keywords: ['kelp'] }] }), undefined);
  assert.equal(outlineThemes(themes, { renames: { gone: 'Old theme' }, moves: {}, userThemes: [] }), undefined);
  assert.deepEqual(outlineThemes(themes, { renames: { b: 'Seaweed' }, moves: {}, userThemes: [] })?.map((t) => t.label), ['Alpine lichens', 'Seaweed']);
});
