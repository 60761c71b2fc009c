import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDailyPapers } from '../../../../src/core/collections/formats/dailyPapers';
import { groupByTheme } from '../../../../src/core/themes/themes';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';
import { buildVectors } from '../../../../src/core/vectors/vectors';
import { Theme } from '../../../../src/core/papers/types';
import { repoRoot } from '../../../helpers/repoRoot';

describe('groupByTheme on the seeds', () => {
  const root = repoRoot();
  const seedsDir = join(root, 'seeds');

  function loadSeeds(): { id: string; abstract: string }[] {
    const byId = new Map<string, string>();
    for (const f of readdirSync(seedsDir).filter((f) => f.endsWith('.txt')).sort()) {
      for (const p of parseDailyPapers(readFileSync(join(seedsDir, f), 'utf8'), f).papers) if (!byId.has(p.id)) byId.set(p.id, p.abstract);
    }
    return [...byId].map(([id, abstract]) => ({ id, abstract }));
  }

  /** A deterministic shuffle (seeded LCG). */
  function shuffled<T>(xs: readonly T[], seed: number): T[] {
    const out = [...xs];
    let s = seed >>> 0;
    for (let i = out.length - 1; i > 0; i--) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      const j = s % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  function themeOf(themes: Theme[]): Map<string, string> {
    const m = new Map<string, string>();
    for (const t of themes) for (const id of t.paperIds) m.set(id, t.id);
    return m;
  }

  function assertPartition(themes: Theme[], ids: string[]): void {
    const seen = new Map<string, number>();
    for (const t of themes) for (const id of t.paperIds) seen.set(id, (seen.get(id) ?? 0) + 1);
    assert.equal(seen.size, ids.length, 'every paper is in a theme');
    for (const id of ids) assert.equal(seen.get(id), 1, `paper ${id} is in exactly one theme`);
    assert.equal(new Set(themes.map((t) => t.id)).size, themes.length, 'theme ids are unique');
  }

  const seeds = loadSeeds();
  const seedThemes = (() => {
    const t0 = performance.now();
    const themes = groupByTheme(seeds);
    console.log(`grouping + labels of ${seeds.length} seeds: ${(performance.now() - t0).toFixed(0)} ms (first call, cold JIT)`);
    return themes;
  })();

  test('seeds: every paper in exactly one theme, 10–20 themes, ordered by size then label', () => {
    assertPartition(seedThemes, seeds.map((p) => p.id));
    assert.ok(seedThemes.length >= 10 && seedThemes.length <= 20, `${seedThemes.length} themes`);
    for (let i = 1; i < seedThemes.length; i++) {
      const [a, b] = [seedThemes[i - 1], seedThemes[i]];
      assert.ok(a.paperIds.length > b.paperIds.length || (a.paperIds.length === b.paperIds.length && a.label <= b.label));
    }
    for (const t of seedThemes) assert.match(t.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    console.log(seedThemes.map((t) => `${String(t.paperIds.length).padStart(3)}  ${t.label}`).join('\n'));
  });

  test('seeds: labels are distinct, 2–5 words, made of words as written in the abstracts (no stems, acronyms kept)', () => {
    const written = new Set<string>();
    for (const p of seeds) for (const w of p.abstract.match(/[\p{L}\p{N}][\p{L}\p{N}'’\-.]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? []) written.add(w);
    assert.equal(new Set(seedThemes.map((t) => t.label.toLowerCase())).size, seedThemes.length);
    for (const t of seedThemes) {
      const words = t.label.split(' ');
      assert.ok(words.length >= 2 && words.length <= 5, `"${t.label}" has ${words.length} words`);
      words.forEach((w, i) => {
        // Exactly as written; the first word may have been capitalized for sentence case.
        const asWritten = written.has(w) || (i === 0 && written.has(w[0].toLowerCase() + w.slice(1)));
        assert.ok(asWritten, `"${w}" of "${t.label}" is written so in the corpus`);
      });
      assert.match(t.label, /^[\p{Lu}\p{N}]/u, 'sentence case');
    }
  });

  test('seeds: NMI against the hand-labelled topics is at least 0.5', () => {
    const gold = new Map((JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'theme-labels.json'), 'utf8')) as { id: string; topic: string }[]).map((r) => [r.id, r.topic]));
    assert.equal(gold.size, seeds.length);
    const found = themeOf(seedThemes);
    const nmi = normalizedMutualInformation(seeds.map((p) => gold.get(p.id)!), seeds.map((p) => found.get(p.id)!));
    console.log(`NMI on the seeds: ${nmi.toFixed(3)} (${seedThemes.length} themes, ${new Set(gold.values()).size} hand-labelled topics)`);
    assert.ok(nmi >= 0.5, `NMI ${nmi}`);
  });

  test('determinism: shuffled input, same themes, labels, ids and order; precomputed vectors give the same', () => {
    const again = groupByTheme(shuffled(seeds, 42));
    assert.deepEqual(again, seedThemes);
    const order = shuffled(seeds, 7);
    const withVectors = groupByTheme(order, { vectors: buildVectors(order.map((p) => p.abstract)) });
    assert.deepEqual(withVectors, seedThemes);
  });
});
