import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDailyPapers } from '../../../../src/core/collections/formats/dailyPapers';
import { groupByTheme, themeCount } from '../../../../src/core/themes/themes';
import { labelThemes } from '../../../../src/core/themes/labels';
import { applyThemeCorrections, ThemeCorrections } from '../../../../src/core/themes/corrections';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';
import { buildVectors, cosine, embedText, nearest, sparseCosine } from '../../../../src/core/vectors/vectors';
import { Theme } from '../../../../src/core/papers/types';
import { repoRoot } from '../../../helpers/repoRoot';

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

test('NMI: known small examples (arithmetic normalization, as scikit-learn)', () => {
  assert.equal(normalizedMutualInformation([0, 0, 1, 1], [0, 0, 1, 1]), 1);
  assert.equal(normalizedMutualInformation([0, 0, 1, 1], ['b', 'b', 'a', 'a']), 1, 'label names do not matter');
  assert.ok(Math.abs(normalizedMutualInformation([0, 0, 1, 1], [0, 0, 1, 2]) - 0.8) < 1e-12);
  assert.ok(Math.abs(normalizedMutualInformation([0, 0, 1, 1], [0, 1, 0, 1])) < 1e-12, 'independent labelings');
  // By hand: H(A) = ln 2, H(B) = ln 3, I(A;B) = (2/3) ln 2.
  const a = [0, 0, 0, 1, 1, 1];
  const b = [0, 0, 1, 1, 2, 2];
  const hA = Math.log(2);
  const hB = Math.log(3);
  const mi = (2 / 3) * Math.log(2);
  assert.ok(Math.abs(normalizedMutualInformation(a, b) - mi / ((hA + hB) / 2)) < 1e-12);
  assert.equal(normalizedMutualInformation(a, b), normalizedMutualInformation(b, a), 'symmetric');
  assert.equal(normalizedMutualInformation([1, 1], [2, 2]), 1);
  assert.throws(() => normalizedMutualInformation([1], [1, 2]));
});

test('vectors: TF-IDF rows and LSA rows are unit length, similar texts are close, order does not matter', () => {
  const texts = seeds.slice(0, 120).map((p) => p.abstract);
  const v = buildVectors(texts);
  assert.ok(v.dims >= 50 && v.dims <= 150, `${v.dims} dims`);
  for (let i = 0; i < texts.length; i++) {
    assert.ok(Math.abs(sparseCosine(v.tfidf, i, i) - 1) < 1e-5);
    assert.ok(Math.abs(cosine(v.lsa[i], v.lsa[i]) - 1) < 1e-5);
  }
  assert.ok(v.vocab.some((t) => t === 'offline rl'), 'two-word phrases are terms');
  assert.ok(v.vocab.every((t) => v.df[v.termIndex.get(t)!] >= 2 && v.df[v.termIndex.get(t)!] <= texts.length / 2));
  const self = nearest(v, embedText(v, texts[7]), 1);
  assert.equal(self[0].index, 7, 'a text embedded again finds itself');
  const order = shuffled(texts.map((_, i) => i), 3);
  const w = buildVectors(order.map((i) => texts[i]));
  order.forEach((orig, pos) => assert.deepEqual(w.lsa[pos], v.lsa[orig]));
});

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

test('synthetic corpus of five fields: themes match the fields', () => {
  const syn = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'synthetic-themes.json'), 'utf8')) as { id: string; group: string; abstract: string }[];
  const themes = groupByTheme(syn);
  assertPartition(themes, syn.map((p) => p.id));
  const found = themeOf(themes);
  const nmi = normalizedMutualInformation(syn.map((p) => p.group), syn.map((p) => found.get(p.id)!));
  console.log(`NMI on the synthetic corpus: ${nmi.toFixed(3)}; ${themes.map((t) => `${t.label} (${t.paperIds.length})`).join(', ')}`);
  assert.ok(nmi >= 0.8, `NMI ${nmi}`);
  assert.ok(themes.length >= 4 && themes.length <= 7);
  assert.equal(new Set(themes.map((t) => t.label.toLowerCase())).size, themes.length);
});

test('theme count scales with the corpus; tiny corpora work', () => {
  assert.equal(themeCount(0), 0);
  assert.equal(themeCount(1), 1);
  assert.equal(themeCount(3), 1);
  assert.ok(themeCount(340) >= 10 && themeCount(340) <= 20);
  assert.ok(themeCount(10_000) > themeCount(340) && themeCount(100_000) <= 30);
  assert.deepEqual(groupByTheme([]), []);
  for (const n of [1, 2, 3, 7]) {
    const papers = seeds.slice(0, n);
    const themes = groupByTheme(papers);
    assertPartition(themes, papers.map((p) => p.id));
    assert.ok(themes.length >= 1 && themes.length <= Math.max(1, Math.floor(n / 3)));
    for (const t of themes) assert.ok(t.label.trim().length > 0 && t.id.length > 0);
  }
  const blank = groupByTheme([{ id: 'a', abstract: '' }, { id: 'b', abstract: '...' }]);
  assertPartition(blank, ['a', 'b']);
});

test('corrections: rename, move, unknown targets, user themes by keyword, empty themes dropped', () => {
  const [big, second] = seedThemes;
  const moved = big.paperIds[0];
  const corrections: ThemeCorrections = {
    renames: { [second.id]: 'My favourite topic' },
    moves: { [moved]: second.id, [big.paperIds[1]]: 'no-such-theme' },
    userThemes: [
      { id: 'user-gui', label: 'Screens', keywords: ['GUI', 'graphical user interface'] },
      { id: 'user-empty', label: 'Nothing yet', keywords: ['zzzz-not-a-word'] },
    ],
  };
  const out = applyThemeCorrections(seedThemes, seeds, corrections);
  assertPartition(out, seeds.map((p) => p.id));
  const of = themeOf(out);
  assert.equal(of.get(moved), second.id, 'a moved paper is in its new theme');
  assert.equal(of.get(big.paperIds[1]), big.id, 'a move to an unknown theme is ignored');
  assert.equal(out.find((t) => t.id === second.id)!.label, 'My favourite topic');
  const gui = out.find((t) => t.id === 'user-gui')!;
  assert.ok(gui.user && gui.paperIds.length > 0);
  for (const id of gui.paperIds) assert.match(seeds.find((p) => p.id === id)!.abstract, /\bGUI\b|graphical user interface/i);
  assert.ok(!gui.paperIds.includes(moved), 'a move beats a keyword');
  assert.ok(out.find((t) => t.id === 'user-empty')!.paperIds.length === 0, 'empty user themes stay');
  assert.equal(out.find((t) => t.id === 'user-empty')!.label, 'Nothing yet');
  // A computed theme emptied by moves is dropped.
  const smallest = seedThemes[seedThemes.length - 1];
  const emptied = applyThemeCorrections(seedThemes, seeds, { renames: {}, moves: Object.fromEntries(smallest.paperIds.map((id) => [id, big.id])), userThemes: [] });
  assert.ok(!emptied.some((t) => t.id === smallest.id));
  assertPartition(emptied, seeds.map((p) => p.id));
  // Keywords are whole words: "RL" does not match "RLHF" or "CURL".
  const tiny: Theme[] = [{ id: 't', label: 'T', paperIds: ['a', 'b', 'c'] }];
  const texts = [{ id: 'a', abstract: 'We use RLHF here.' }, { id: 'b', abstract: 'Offline RL, again.' }, { id: 'c', abstract: 'Multi-Agent  systems.' }];
  const kw = applyThemeCorrections(tiny, texts, { renames: {}, moves: {}, userThemes: [{ id: 'u', label: 'U', keywords: ['rl', 'multi agent'] }] });
  assert.deepEqual(kw.find((t) => t.id === 'u')!.paperIds, ['b', 'c']);
});

test('corrections: pinned papers stay put when the corpus is regrouped', () => {
  const [a, b] = seedThemes;
  const pinned = [a.paperIds[0], a.paperIds[1]];
  const corrections: ThemeCorrections = { renames: {}, moves: { [pinned[0]]: b.id, [pinned[1]]: 'user-pins' }, userThemes: [{ id: 'user-pins', label: 'Pinned', keywords: [] }] };
  const first = themeOf(applyThemeCorrections(seedThemes, seeds, corrections));
  // Regroup: another order, and some papers gone.
  const fewer = shuffled(seeds, 99).filter((p, i) => i % 17 !== 3 || pinned.includes(p.id));
  const regrouped = groupByTheme(fewer);
  const after = applyThemeCorrections(regrouped, fewer, corrections);
  assertPartition(after, fewer.map((p) => p.id));
  const second = themeOf(after);
  assert.equal(second.get(pinned[1]), 'user-pins');
  assert.equal(first.get(pinned[1]), 'user-pins');
  if (regrouped.some((t) => t.id === b.id)) assert.equal(second.get(pinned[0]), b.id);
  assert.equal(first.get(pinned[0]), b.id);
});

test('labels: two phrases sharing a head word join as "A and B heads", plural when either is written in the plural', () => {
  const art = [
    'We train a generative model of molecules with a new loss and report gains.',
    'A generative model of proteins is sampled with fewer steps in our study.',
    'A large generative model for music is distilled into a small one here.',
    'Diffusion models for sketches are guided by text prompts we collect.',
    'Our diffusion models remove noise from satellite images at scale.',
    'The diffusion models we propose render faces from rough layouts.',
  ];
  const soil = [
    'Soil bacteria fix nitrogen in dry fields during long droughts.',
    'Soil bacteria respond to rain pulses with bursts of activity.',
    'We count soil bacteria in forest plots across the seasons.',
    'Soil bacteria in cold regions grow slowly under snow cover.',
    'Farm soil bacteria change after tilling and cover crops.',
    'Soil bacteria trade nutrients with plant roots near the surface.',
  ];
  const labels = labelThemes([...art, ...soil], [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]]);
  assert.match(labels[0], /^(Diffusion and generative|Generative and diffusion) models$/);
  assert.equal(labels[1], 'Soil bacteria');
});
