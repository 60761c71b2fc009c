import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Analysis,
  analyzeCorpus,
  corpusSince,
  growAnalysis,
  grownThemes,
  growsAfresh,
  growthRegroups,
} from '../../../../src/core/analysis';
import {
  EMPTY_CORRECTIONS,
  ModelTheme,
  recordThemeMembers,
  resolveCorrections,
  ThemeModel,
  TWO_LEVEL_MIN,
} from '../../../../src/core/themes';
import { Corpus, mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../../../src/core/snapshot';
import { Theme } from '../../../../src/core/papers';
import { madeUpTwoLevelLibrary } from '../../../helpers/madeUpCorpus';

/** A corpus of Daily Papers dumps given as lists of abstracts. */
function corpusOf(dumps: Record<string, string[]>): Corpus {
  return mergeCollections(
    Object.entries(dumps).map(([path, lines]) => ({
      path,
      result: parseCollectionBytes(new TextEncoder().encode(`Daily Papers\n${lines.join('\n')}\n`), path),
    })),
  );
}

/** Five made-up fields of 44 abstracts: per field, the first 36 for the library, the other 8 arriving later. */
function fields() {
  const all = madeUpTwoLevelLibrary(5, 1, 44);
  const byField = new Map<string, string[]>();
  for (const p of all) byField.set(p.field, [...(byField.get(p.field) ?? []), p.text]);
  const field = (f: number) => byField.get(`f${f}`)!;
  return { field, library: (fs: number[]) => fs.flatMap((f) => field(f).slice(0, 36)) };
}

const themeOf = (a: Analysis) => new Map(a.papers.map((p) => [p.id, p.theme]));
const labels = (a: Analysis) => new Map(a.computedThemes.map((t) => [t.id, t.label]));

describe('growAnalysis', () => {
  test('a new dump of known fields joins their themes; every old paper keeps its theme and every theme its label', () => {
    const { field, library } = fields();
    const before = analyzeCorpus(corpusOf({ 'day1.txt': library([0, 1, 2, 3]) }));
    const oldThemes = themeOf(before);
    const oldLabels = labels(before);
    assert.ok(before.themes.length >= 4, `grouped into ${before.themes.length} themes`);
    const arriving = [0, 1, 2, 3].flatMap((f) => field(f).slice(36));
    const corpus = corpusOf({ 'day1.txt': library([0, 1, 2, 3]), 'day2.txt': arriving });
    const grown = growAnalysis(before, corpus);
    const a = grown.analysis;
    assert.equal(a.papers.length, 36 * 4 + 32);
    assert.equal(grown.added.length, 32);
    assert.deepEqual(grown.removed, []);
    for (const [id, theme] of oldThemes) assert.equal(a.byId.get(id)!.theme, theme, `paper ${id} moved`);
    for (const [id, label] of oldLabels) assert.equal(labels(a).get(id), label);
    assert.deepEqual(grown.newThemes, []);
    // a newcomer joins a theme whose library papers are of its own field
    const fieldOf = new Map<string, number>();
    for (let f = 0; f < 4; f++) for (const p of corpusOf({ x: field(f) }).papers) fieldOf.set(p.id, f);
    let right = 0;
    for (const id of grown.added) {
      const mates = [...oldThemes].filter(([, theme]) => theme === a.byId.get(id)!.theme).map(([mate]) => mate);
      const same = mates.filter((m) => fieldOf.get(m) === fieldOf.get(id)).length;
      if (same > mates.length / 2) right++;
    }
    assert.ok(right >= 0.9 * grown.added.length, `${right} of ${grown.added.length} joined a theme of their field`);
    assert.ok(
      a.papers.every((p) => p.title && p.theme),
      'every paper has a title and a theme',
    );
  });

  test('papers of a field the library has never seen form a new theme, labelled, instead of joining an old one', () => {
    const { field, library } = fields();
    const before = analyzeCorpus(corpusOf({ 'day1.txt': library([0, 1, 2, 3]) }));
    const foreign = field(4).slice(0, 30);
    const grown = growAnalysis(before, corpusOf({ 'day1.txt': library([0, 1, 2, 3]), 'day2.txt': foreign }));
    const a = grown.analysis;
    assert.ok(grown.newThemes.length >= 1, 'a new theme');
    const ids = corpusOf({ x: foreign }).papers.map((p) => p.id);
    const newIds = new Set(grown.newThemes.map((t) => t.id));
    const inNew = ids.filter((id) => newIds.has(a.byId.get(id)!.theme)).length;
    assert.ok(inNew >= 0.8 * ids.length, `${inNew} of ${ids.length} foreign papers in new themes`);
    for (const t of grown.newThemes) {
      assert.ok(t.label.length > 0 && !labels(before).has(t.id));
      assert.ok(
        t.paperIds.every((id) => ids.includes(id)),
        'a new theme holds only newcomers',
      );
    }
    assert.ok(
      a.themes.some((t) => newIds.has(t.id)),
      'the new theme is shown',
    );
  });

  test('papers that leave are dropped, a theme left empty goes, and search follows', () => {
    const { field, library } = fields();
    const before = analyzeCorpus(corpusOf({ 'a.txt': library([0, 1]), 'b.txt': library([2, 3]) }));
    const leaving = corpusOf({ x: library([2, 3]) }).papers.map((p) => p.id);
    const goneThemes = new Set(leaving.map((id) => before.byId.get(id)!.theme));
    const arriving = field(0).slice(36);
    const grown = growAnalysis(before, corpusOf({ 'a.txt': library([0, 1]), 'c.txt': arriving }));
    const a = grown.analysis;
    assert.deepEqual(new Set(grown.removed), new Set(leaving));
    for (const id of leaving) assert.equal(a.byId.get(id), undefined);
    const remaining = new Set(a.computedThemes.map((t) => t.id));
    for (const t of goneThemes)
      if (!a.papers.some((p) => p.theme === t)) assert.ok(!remaining.has(t), `empty theme ${t} still listed`);
    assert.ok(a.computedThemes.every((t) => t.paperIds.length > 0 || a.computedThemes.some((s) => s.parent === t.id)));
    const newcomer = a.byId.get(grown.added[0])!;
    const hits = (q: string) => a.search.search(q, { limit: 1000 }).map((h) => h.id);
    assert.ok(hits(newcomer.abstract.split(' ').slice(2, 5).join(' ')).includes(newcomer.id));
    const gone = before.papers.find((p) => leaving.includes(p.id))!;
    assert.ok(!hits(gone.abstract.split(' ').slice(2, 5).join(' ')).includes(gone.id));
    assert.equal(a.related.relatedTo(newcomer.id, 3).length, 3);
    assert.ok(a.related.relatedTo(newcomer.id, 40).every((id) => a.byId.has(id)));
  });

  test('an analysis restored from its snapshot grows exactly as the one in memory', () => {
    const { field, library } = fields();
    const corpus1 = () => corpusOf({ 'day1.txt': library([0, 1, 2]) });
    // a fifth of the library: placed, not grouped afresh
    const corpus2 = () =>
      corpusOf({ 'day1.txt': library([0, 1, 2]), 'day2.txt': [...field(1).slice(36), ...field(3).slice(0, 20)] });
    const inMemory = growAnalysis(analyzeCorpus(corpus1()), corpus2()).analysis;
    const restored = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(analyzeCorpus(corpus1())))));
    const grown = growAnalysis(restored, corpus2()).analysis;
    assert.deepEqual(themeOf(grown), themeOf(inMemory));
    assert.deepEqual(grown.computedThemes, inMemory.computedThemes);
    const again = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(grown))));
    assert.deepEqual(again.model!.themes.length, inMemory.model!.themes.length);
    assert.equal(again.model!.placedSince, 20 + 8);
  });

  test('an analysis without a theme model cannot grow', () => {
    const { library } = fields();
    const a = analyzeCorpus(corpusOf({ 'a.txt': library([0]) }));
    delete a.model;
    assert.throws(() => growAnalysis(a, corpusOf({ 'a.txt': library([0, 1]) })), /no theme model/);
  });
});

describe('growAnalysis: a large batch in a small library', () => {
  // three fields, then a day that is a third of the library: the other 8 of field 0 and all 44 of a fourth field
  const { field, library } = fields();
  const day1 = () => ({ 'day1.txt': library([0, 1, 2]) });
  const day2 = () => ({ ...day1(), 'day2.txt': [...field(0).slice(36), ...field(3)] });
  const partition = (themes: readonly Theme[]) => themes.map((t) => [...t.paperIds].sort().join(' ')).sort();

  test('groups the library afresh as a full analysis would; topics found again keep their labels', () => {
    const before = analyzeCorpus(corpusOf(day1()));
    const oldLabels = labels(before);
    assert.equal(growsAfresh(before, corpusOf(day2())), true);
    assert.equal(growsAfresh(before, corpusOf({ ...day1(), 'day2.txt': field(3).slice(0, 30) })), false);
    const grown = growAnalysis(before, corpusOf(day2()));
    const a = grown.analysis;
    const full = analyzeCorpus(corpusOf(day2()));
    assert.ok(grown.regrouped, 'grouped afresh');
    assert.deepEqual(partition(a.computedThemes), partition(full.computedThemes));
    assert.equal(a.papers.length, 108 + 52);
    assert.equal(grown.poor, 0);
    assert.equal(a.model!.placedSince, 0, 'a fresh grouping has placed nothing yet');
    // a theme of the new grouping with an id of the old one has its label (the id is the label's slug)
    let keptLabels = 0;
    for (const t of a.computedThemes) {
      const old = oldLabels.get(t.id);
      if (old === undefined) continue;
      assert.equal(t.label, old);
      keptLabels++;
    }
    assert.ok(keptLabels >= 1, 'a topic found again keeps its label');
    assert.deepEqual(
      grown.newThemes.map((t) => t.id),
      a.computedThemes.filter((t) => !oldLabels.has(t.id)).map((t) => t.id),
    );
    // search, related papers and the next growth follow the new grouping
    const theme = a.computedThemes[0];
    const hits = a.search.search(`theme:"${theme.label}"`, { limit: 1000 }).map((h) => h.id);
    assert.deepEqual(new Set(hits), new Set(theme.paperIds));
    const newcomer = grown.added[0];
    assert.equal(a.related.relatedTo(newcomer, 3).length, 3);
    const next = growAnalysis(a, corpusOf({ ...day2(), 'day3.txt': field(1).slice(36) }));
    assert.equal(next.regrouped, false, 'a small batch after it is placed');
    for (const p of a.papers) assert.equal(next.analysis.byId.get(p.id)!.theme, p.theme);
  });

  test("the user's renames, moves and own themes survive it", () => {
    const before = analyzeCorpus(corpusOf(day1()));
    const [largest, second] = before.computedThemes;
    const moved = largest.paperIds[0];
    const tagged = second.paperIds[0];
    const stored = recordThemeMembers(
      {
        renames: { [largest.id]: 'My own name' },
        moves: { [moved]: second.id, [tagged]: 'mine' },
        userThemes: [{ id: 'mine', label: 'Mine', keywords: [] }],
      },
      before.computedThemes,
    );
    const grown = growAnalysis(before, corpusOf(day2()), {
      corrections: (computed) => resolveCorrections({ ...EMPTY_CORRECTIONS, ...stored }, computed),
    });
    const a = grown.analysis;
    assert.ok(grown.regrouped);
    // the renamed theme and the theme moved into are the new themes that took most of their papers
    const successor = (old: Theme) =>
      a.computedThemes
        .map((t) => ({ t, shared: t.paperIds.filter((id) => old.paperIds.includes(id)).length }))
        .sort((x, y) => y.shared - x.shared)[0].t.id;
    const renamed = a.themes.find((t) => t.label === 'My own name');
    assert.ok(renamed, 'the rename is shown');
    assert.equal(renamed.id, successor(largest));
    assert.equal(a.byId.get(moved)!.theme, successor(second), 'the moved paper is in the theme it was moved to');
    assert.equal(a.byId.get(tagged)!.theme, 'mine', 'the paper put in a theme of its own stays there');
    assert.ok(a.themes.some((t) => t.user && t.label === 'Mine'));
  });

  test('an analysis restored from its snapshot groups afresh exactly as the one in memory', () => {
    const inMemory = growAnalysis(analyzeCorpus(corpusOf(day1())), corpusOf(day2()));
    const restored = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(analyzeCorpus(corpusOf(day1()))))));
    const grown = growAnalysis(restored, corpusOf(day2()));
    assert.ok(inMemory.regrouped && grown.regrouped);
    assert.deepEqual(grown.analysis.computedThemes, inMemory.analysis.computedThemes);
    assert.deepEqual(themeOf(grown.analysis), themeOf(inMemory.analysis));
  });
});

describe('growthRegroups', () => {
  const t = (id: string, extra: Partial<ModelTheme> = {}): ModelTheme => ({
    id,
    label: id,
    centroid: new Float32Array(2),
    floor: 0,
    ...extra,
  });
  const model = (themes: ModelTheme[]) => ({ themes }) as unknown as ThemeModel;
  const oneLevel = model([t('a'), t('b')]);

  test('a batch of a quarter of a library of one level regroups it; a smaller batch is placed', () => {
    assert.equal(growthRegroups(oneLevel, 100, 400), true);
    assert.equal(growthRegroups(oneLevel, 99, 400), false);
    assert.equal(growthRegroups(oneLevel, 0, 0), false);
  });

  test('a library of two levels, or one that reaches their size, is always placed', () => {
    assert.equal(growthRegroups(oneLevel, TWO_LEVEL_MIN / 2, TWO_LEVEL_MIN), false);
    assert.equal(growthRegroups(model([t('a'), t('a1', { parent: 'a' })]), 500, 1000), false);
    assert.equal(growthRegroups(model([t('a', { field: 'cs.LG' })]), 500, 1000), false);
  });
});

describe('grownThemes', () => {
  const t = (id: string, paperIds: string[], parent?: string): Theme => ({
    id,
    label: id,
    paperIds,
    ...(parent ? { parent } : {}),
  });
  test('new papers join their theme, new subthemes follow their siblings, emptied themes and broad themes go', () => {
    const before = [
      t('A', []),
      t('a1', ['p1'], 'A'),
      t('a2', ['p2'], 'A'),
      t('B', []),
      t('b1', ['p3'], 'B'),
      t('C', ['p4']),
    ];
    const present = new Set(['p1', 'p2', 'p4', 'n1', 'n2', 'n3']);
    const out = grownThemes(before, new Map([['n1', 'a1']]), [t('a3', ['n2'], 'A'), t('D', ['n3'])], present);
    assert.deepEqual(
      out.map((x) => [x.id, x.paperIds]),
      [
        ['A', []],
        ['a1', ['p1', 'n1']],
        ['a2', ['p2']],
        ['a3', ['n2']],
        ['C', ['p4']],
        ['D', ['n3']],
      ],
    );
  });
});

describe('titles distinct in a library', () => {
  const opening = 'We propose GraphMix, a method for semi-supervised node classification.';
  const citation = `${opening} It is tested on citation graphs such as Cora and PubMed.`;
  const protein = `${opening} It is tested on protein interaction networks and molecules.`;

  test('two abstracts whose derived titles clash are told apart by what each is about', () => {
    const a = analyzeCorpus(corpusOf({ 'd.txt': [citation, protein] }));
    const titles = a.papers.map((p) => p.title);
    assert.equal(new Set(titles).size, 2, titles.join(' | '));
    assert.ok(titles.every((t) => t.startsWith('GraphMix: ')));
    assert.ok(titles.some((t) => /citation/.test(t)) && titles.some((t) => /protein/.test(t)), titles.join(' | '));
  });

  test('a newcomer whose title clashes with one shown takes another; the one shown keeps its own', () => {
    const before = analyzeCorpus(corpusOf({ 'a.txt': [citation, ...fields().library([0])] }));
    const shown = before.papers.find((p) => p.abstract === citation)!.title;
    const grown = growAnalysis(before, corpusOf({ 'a.txt': [citation, ...fields().library([0])], 'b.txt': [protein] }));
    const titles = grown.analysis.papers.filter((p) => p.abstract.startsWith(opening)).map((p) => p.title);
    assert.equal(grown.analysis.papers.find((p) => p.abstract === citation)!.title, shown);
    assert.equal(new Set(titles).size, 2, titles.join(' | '));
  });
});

describe('corpusSince', () => {
  test('an unchanged file taken from the analysis lists its papers in its own order, merged as a full load merges them', () => {
    const { library, field } = fields();
    const lib = library([0, 1, 2]);
    const before = analyzeCorpus(corpusOf({ 'lib.txt': lib }));
    // the day repeats two papers of the library, its fourth and its last
    const day = [lib[3], ...field(3).slice(0, 5), lib[lib.length - 1]];
    const full = corpusOf({ 'lib.txt': lib, 'day.txt': day });
    const dayFile = { path: 'day.txt', result: corpusParse('day.txt', day) };
    const since = corpusSince(before, before.problems, [{ path: 'lib.txt' }, dayFile]);
    assert.deepEqual(
      since.papers.map((p) => p.id),
      full.papers.map((p) => p.id),
    );
    assert.deepEqual(
      since.papers.map((p) => p.sources.map((s) => s.collection)),
      full.papers.map((p) => p.sources.map((s) => s.collection)),
    );
    assert.deepEqual(since.collections, full.collections);
  });
});

function corpusParse(path: string, lines: string[]) {
  return parseCollectionBytes(new TextEncoder().encode(`Daily Papers\n${lines.join('\n')}\n`), path);
}
