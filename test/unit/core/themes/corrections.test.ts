import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyThemeCorrections,
  MIN_THEME_OVERLAP,
  recordThemeMembers,
  remapThemeCorrections,
  ThemeCorrections,
  themeOverlap,
  outlineThemes,
} from '../../../../src/core/themes/corrections';
import { Theme, Paper } from '../../../../src/core/papers/types';
import { seededRandom } from '../../../../src/core/vectors/seededRandom';

function themeOf(themes: Theme[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const t of themes) for (const id of t.paperIds) m.set(id, t.id);
  return m;
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const papersOf = (themes: Theme[]) => themes.flatMap((t) => t.paperIds).map((id) => ({ id, abstract: `paper ${id}` }));

describe('themeOverlap', () => {
  test('themeOverlap: Jaccard of two id lists', () => {
    assert.equal(themeOverlap(['a', 'b'], ['a', 'b']), 1);
    assert.equal(themeOverlap(['a', 'b'], ['c']), 0);
    assert.equal(themeOverlap(['a', 'b', 'c'], ['b', 'c', 'd']), 0.5);
    assert.equal(themeOverlap(['a', 'a', 'b'], ['a']), 0.5, 'duplicates count once');
    assert.equal(themeOverlap([], []), 0);
  });
});

describe('recordThemeMembers', () => {
  test('recordThemeMembers: signatures of the computed themes the corrections name, sorted', () => {
    const themes: Theme[] = [
      { id: 'x', label: 'X', paperIds: ['p2', 'p1'] },
      { id: 'y', label: 'Y', paperIds: ['p3'] },
      { id: 'z', label: 'Z', paperIds: ['p4'] },
    ];
    const c = recordThemeMembers(
      {
        renames: { x: 'Mine' },
        moves: { p4: 'y', p1: 'user-a' },
        userThemes: [{ id: 'user-a', label: 'A', keywords: [] }],
        themeMembers: { gone: ['q'], old: ['r'] },
      },
      themes,
    );
    assert.deepEqual(
      c.themeMembers,
      { x: ['p1', 'p2'], y: ['p3'] },
      'only named themes; stale entries no correction names are dropped',
    );
    const kept = recordThemeMembers(
      { renames: { gone: 'Old' }, moves: {}, userThemes: [], themeMembers: { gone: ['q'] } },
      themes,
    );
    assert.deepEqual(
      kept.themeMembers,
      { gone: ['q'] },
      'a named theme missing from this grouping keeps its signature',
    );
  });
});

describe('remapThemeCorrections', () => {
  test('a regrouping that renames a theme: its rename and the moves into it follow it', () => {
    const before: Theme[] = [
      { id: 'offline-rl', label: 'Offline RL', paperIds: ids('a', 10) },
      { id: 'gui-agents', label: 'GUI agents', paperIds: ids('b', 10) },
    ];
    const moved = 'a0';
    const corrections = recordThemeMembers(
      { renames: { 'gui-agents': 'My agents' }, moves: { [moved]: 'gui-agents' }, userThemes: [] },
      before,
    );
    // The new grouping: the GUI theme lost two papers, gained one, and got another label (so another id).
    const after: Theme[] = [
      { id: 'offline-rl', label: 'Offline RL', paperIds: [...ids('a', 10), 'b8', 'b9'] },
      { id: 'gui-and-web-agents', label: 'GUI and web agents', paperIds: [...ids('b', 8), 'c0'] },
    ];
    const out = applyThemeCorrections(after, papersOf(after), corrections);
    const gui = out.find((t) => t.id === 'gui-and-web-agents')!;
    assert.equal(gui.label, 'My agents', 'the rename follows the theme');
    assert.ok(gui.paperIds.includes(moved), 'the moved paper follows the theme');
    assert.equal(themeOf(out).get('a1'), 'offline-rl');
    const remapped = remapThemeCorrections(corrections, after);
    assert.deepEqual(remapped.moves, { [moved]: 'gui-and-web-agents' });
    assert.deepEqual(remapped.renames, { 'gui-and-web-agents': 'My agents' });
    assert.deepEqual(
      remapped.themeMembers,
      { 'gui-and-web-agents': [...ids('b', 8), 'c0'].sort() },
      'the signature now describes the new theme',
    );
    // Applying the remapped corrections gives the same themes: remapping is idempotent.
    assert.deepEqual(applyThemeCorrections(after, papersOf(after), remapped), out);
    assert.deepEqual(remapThemeCorrections(remapped, after), remapped);
  });

  test('too little overlap: the correction waits (kept, not applied); one new theme takes one old id', () => {
    const before: Theme[] = [{ id: 'old', label: 'Old', paperIds: ids('a', 10) }];
    const corrections = recordThemeMembers({ renames: { old: 'Mine' }, moves: { z0: 'old' }, userThemes: [] }, before);
    // 2 of 10 papers left together with 8 new ones: Jaccard 2/18 < MIN_THEME_OVERLAP.
    const after: Theme[] = [
      { id: 'new', label: 'New', paperIds: [...ids('a', 2), ...ids('c', 8), 'z0'] },
      { id: 'rest', label: 'Rest', paperIds: ids('a', 10).slice(2) },
    ];
    assert.ok(themeOverlap(ids('a', 10), after[0].paperIds) < MIN_THEME_OVERLAP);
    const remapped = remapThemeCorrections(corrections, after);
    assert.deepEqual(remapped.moves.z0, 'rest', '8 of 10 papers: Jaccard 0.8, the closest theme');
    const none = remapThemeCorrections(corrections, [after[0]]);
    assert.equal(none, corrections, 'nothing close enough: unchanged');
    const out = applyThemeCorrections([after[0]], papersOf([after[0]]), corrections);
    assert.equal(out[0].label, 'New');
    assert.equal(themeOf(out).get('z0'), 'new');
    // Two old themes that both overlap one new theme: the closer one takes it.
    const two = recordThemeMembers({ renames: { p: 'P', q: 'Q' }, moves: {}, userThemes: [] }, [
      { id: 'p', label: 'P', paperIds: ids('a', 10) },
      { id: 'q', label: 'Q', paperIds: ids('a', 6) },
    ]);
    const merged = remapThemeCorrections(two, [{ id: 'm', paperIds: ids('a', 9) }]);
    assert.deepEqual(merged.renames, { m: 'P', q: 'Q' });
  });

  test('user themes and live ids are never remapped; corrections without signatures behave as before', () => {
    const themes: Theme[] = [{ id: 'live', label: 'Live', paperIds: ['p1', 'p2'] }];
    const c: ThemeCorrections = {
      renames: { live: 'Kept' },
      moves: { p1: 'user-x' },
      userThemes: [{ id: 'user-x', label: 'X', keywords: [] }],
      themeMembers: { live: ['p9'] },
    };
    assert.equal(remapThemeCorrections(c, themes), c);
    const plain: ThemeCorrections = { renames: {}, moves: { p1: 'gone' }, userThemes: [] };
    const out = applyThemeCorrections(themes, papersOf(themes), plain);
    assert.equal(themeOf(out).get('p1'), 'live', 'a move to an unknown theme without a signature is ignored');
  });

  test('without moves or keyword themes, papers keep their first computed theme: the same as with an ignored move', () => {
    const rand = seededRandom(7);
    for (let round = 0; round < 20; round++) {
      // made-up themes whose paper lists overlap and repeat ids (a damaged or hand-edited grouping)
      const themes: Theme[] = Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, t) => ({
        id: `t${t}`,
        label: `Theme ${String.fromCharCode(65 + Math.floor(rand() * 3))}`,
        paperIds: Array.from({ length: Math.floor(rand() * 12) }, () => `p${Math.floor(rand() * 15)}`),
      }));
      const papers = Array.from({ length: 18 }, (_, i) => ({ id: `p${i}`, abstract: `Abstract ${i}.` }));
      const plain = applyThemeCorrections(themes, papers, {
        renames: { t0: 'Renamed' },
        moves: {},
        userThemes: [{ id: 'mine', label: 'Mine', keywords: [] }],
      });
      // a move to a theme that does not exist is ignored, and takes the general path
      const general = applyThemeCorrections(themes, papers, {
        renames: { t0: 'Renamed' },
        moves: { p99: 'nowhere' },
        userThemes: [{ id: 'mine', label: 'Mine', keywords: [] }],
      });
      assert.deepEqual(plain, general, `round ${round}`);
      const ids = plain.flatMap((t) => t.paperIds);
      assert.equal(new Set(ids).size, ids.length, 'every paper in one theme');
    }
  });
});

describe('outlineThemes', () => {
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
      for (const id of ids)
        papers.push({
          id,
          abstract: id,
          title: id,
          method: null,
          keywords: [],
          theme: '',
          collections: [],
          sources: [],
        });
      themes.push({
        id: `t${t}`,
        label: ['Wetlands', 'Alpine', 'dunes', 'Kelp', 'Wetlands B'][Math.floor(next() * 5)],
        paperIds: ids,
      });
    }
    return { themes, papers };
  }

  test('outlineThemes gives the themes applyThemeCorrections gives (ids, labels, sizes, order) when the corrections only rename', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { themes, papers } = madeUpThemes(seed);
      const renames: Record<string, string> = {};
      for (const t of themes) if ((seed + t.paperIds.length) % 3 === 0) renames[t.id] = `Renamed ${(seed * 7) % 4}`;
      const corrections: ThemeCorrections = { renames, moves: {}, userThemes: [] };
      const expected = applyThemeCorrections(themes, papers, corrections).map((t) => ({
        id: t.id,
        label: t.label,
        size: t.paperIds.length,
      }));
      const outline = outlineThemes(
        themes.map((t) => ({ id: t.id, label: t.label, size: t.paperIds.length })),
        corrections,
      );
      assert.deepEqual(outline, expected, `seed ${seed}`);
    }
  });

  test('outlineThemes gives nothing when the corrections need the papers: moves, user themes, a rename of a theme not in the outline', () => {
    const themes = [
      { id: 'a', label: 'Alpine lichens', size: 3 },
      { id: 'b', label: 'Kelp forests', size: 2 },
    ];
    assert.equal(outlineThemes(themes, { renames: {}, moves: { p1: 'b' }, userThemes: [] }), undefined);
    assert.equal(
      outlineThemes(themes, {
        renames: {},
        moves: {},
        userThemes: [{ id: 'mine', label: 'Mine', keywords: ['kelp'] }],
      }),
      undefined,
    );
    assert.equal(outlineThemes(themes, { renames: { gone: 'Old theme' }, moves: {}, userThemes: [] }), undefined);
    assert.deepEqual(
      outlineThemes(themes, { renames: { b: 'Seaweed' }, moves: {}, userThemes: [] })?.map((t) => t.label),
      ['Alpine lichens', 'Seaweed'],
    );
  });
});

describe('two levels of themes', () => {
  // Two broad themes: "vision" (subthemes "detection", "segmentation") and "language" (its own papers only).
  const grouped = (): Theme[] => [
    { id: 'vision', label: 'Vision', paperIds: [] },
    { id: 'detection', label: 'Detection', paperIds: ids('d', 4), parent: 'vision' },
    { id: 'segmentation', label: 'Segmentation', paperIds: ids('s', 3), parent: 'vision' },
    { id: 'language', label: 'Language', paperIds: ids('l', 5) },
  ];
  const order = (themes: Theme[]) => themes.map((t) => (t.parent ? `${t.parent}/${t.id}` : t.id));

  test('without corrections: broad themes by size, each followed by its subthemes by size', () => {
    const out = applyThemeCorrections(grouped(), papersOf(grouped()));
    assert.deepEqual(order(out), ['vision', 'vision/detection', 'vision/segmentation', 'language']);
    assert.deepEqual(out[0].paperIds, [], 'a broad theme holds no paper of its own');
  });

  test('a rename applies at either level', () => {
    const out = applyThemeCorrections(grouped(), papersOf(grouped()), {
      renames: { vision: 'Computer vision', segmentation: 'Masks' },
      moves: {},
      userThemes: [],
    });
    assert.equal(out.find((t) => t.id === 'vision')!.label, 'Computer vision');
    assert.equal(out.find((t) => t.id === 'segmentation')!.label, 'Masks');
  });

  test('a paper moves to a subtheme, or to a broad theme where it sits beside the subthemes', () => {
    const out = applyThemeCorrections(grouped(), papersOf(grouped()), {
      renames: {},
      moves: { l0: 'segmentation', d0: 'vision' },
      userThemes: [],
    });
    const home = themeOf(out);
    assert.equal(home.get('l0'), 'segmentation');
    assert.equal(home.get('d0'), 'vision');
    assert.deepEqual(out.find((t) => t.id === 'vision')!.paperIds, ['d0']);
  });

  test('a subtheme that loses all its papers goes; a broad theme goes with its last subtheme', () => {
    const moves = Object.fromEntries([...ids('s', 3)].map((id) => [id, 'language']));
    const out = applyThemeCorrections(grouped(), papersOf(grouped()), { renames: {}, moves, userThemes: [] });
    assert.deepEqual(order(out), ['language', 'vision', 'vision/detection']);
    const all = Object.fromEntries([...ids('s', 3), ...ids('d', 4)].map((id) => [id, 'language']));
    const out2 = applyThemeCorrections(grouped(), papersOf(grouped()), { renames: {}, moves: all, userThemes: [] });
    assert.deepEqual(order(out2), ['language']);
  });

  test('a user theme sits in the broad theme it names, or in the broad theme of the subtheme it names', () => {
    const out = applyThemeCorrections(grouped(), papersOf(grouped()), {
      renames: {},
      moves: {},
      userThemes: [
        { id: 'mine', label: 'Mine', keywords: [], parent: 'vision' },
        { id: 'loose', label: 'Loose', keywords: [], parent: 'detection' },
        { id: 'gone', label: 'Gone', keywords: [], parent: 'no-such-theme' },
        { id: 'top', label: 'Top', keywords: ['paper l1'] },
      ],
    });
    assert.deepEqual(order(out), [
      'gone',
      'top',
      'vision',
      'vision/mine',
      'vision/loose',
      'vision/detection',
      'vision/segmentation',
      'language',
    ]);
    assert.deepEqual(out.find((t) => t.id === 'top')!.paperIds, ['l1'], 'one naming a missing theme stays at the top');
  });

  test('a broad theme that gets a new id keeps its rename when the papers under it stay together', () => {
    const before = grouped();
    const corrections = recordThemeMembers(
      { renames: { vision: 'Computer vision' }, moves: {}, userThemes: [] },
      before,
    );
    assert.deepEqual(corrections.themeMembers!.vision, [...ids('d', 4), ...ids('s', 3)].sort(), 'the papers under it');
    const after: Theme[] = [
      { id: 'images', label: 'Images', paperIds: [] },
      { id: 'boxes', label: 'Boxes', paperIds: [...ids('d', 4), 's0'], parent: 'images' },
      { id: 'masks', label: 'Masks', paperIds: ['s1', 's2'], parent: 'images' },
      { id: 'language', label: 'Language', paperIds: ids('l', 5) },
    ];
    const remapped = remapThemeCorrections(corrections, after);
    assert.deepEqual(remapped.renames, { images: 'Computer vision' });
  });

  test('the outline of a two-level grouping: broad themes count the papers of their subthemes', () => {
    const outline = grouped().map((t) => ({ id: t.id, label: t.label, size: t.paperIds.length, parent: t.parent }));
    const out = outlineThemes(outline)!;
    assert.deepEqual(
      out.map((t) => [t.id, t.size]),
      [
        ['vision', 7],
        ['detection', 4],
        ['segmentation', 3],
        ['language', 5],
      ],
    );
  });
});

describe('a user subtheme follows its broad theme', () => {
  test('when a regrouping gives the broad theme a new id, the subtheme stays under it', () => {
    const before: Theme[] = [
      { id: 'vision', label: 'Vision', paperIds: [] },
      { id: 'detection', label: 'Detection', paperIds: ids('d', 4), parent: 'vision' },
      { id: 'language', label: 'Language', paperIds: ids('l', 5) },
    ];
    const corrections = recordThemeMembers(
      { renames: {}, moves: {}, userThemes: [{ id: 'mine', label: 'Mine', keywords: ['paper d1'], parent: 'vision' }] },
      before,
    );
    assert.deepEqual(corrections.themeMembers!.vision, ids('d', 4), "the broad theme's papers are recorded");
    const after: Theme[] = [
      { id: 'images', label: 'Images', paperIds: [] },
      { id: 'boxes', label: 'Boxes', paperIds: ids('d', 4), parent: 'images' },
      { id: 'language', label: 'Language', paperIds: ids('l', 5) },
    ];
    const out = applyThemeCorrections(after, papersOf(after), corrections);
    assert.equal(out.find((t) => t.id === 'mine')!.parent, 'images');
    assert.deepEqual(out.find((t) => t.id === 'mine')!.paperIds, ['d1']);
  });
});

describe('keys read from themes.json are plain names, never Object.prototype members', () => {
  const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
  const grouped: Theme[] = [{ id: 'galaxies', label: 'Galaxies', paperIds: ['p1', 'p2'] }];
  const papers = [
    { id: 'p1', abstract: 'Galaxy morphology in telescope images.' },
    { id: 'p2', abstract: 'Spiral arms of galaxies.' },
  ];

  for (const id of PROTO_NAMES) {
    test(`a user theme with id ${id} gets its own label and its papers`, () => {
      // parsed as the file is, so `__proto__` is an own key as JSON.parse makes it
      const corrections = JSON.parse(
        JSON.stringify({ renames: {}, moves: {}, userThemes: [{ id, label: 'Mine', keywords: ['spiral'] }] }),
      ) as ThemeCorrections;
      const out = applyThemeCorrections(grouped, papers, corrections);
      const mine = out.find((t) => t.id === id)!;
      assert.equal(mine.label, 'Mine');
      assert.deepEqual(mine.paperIds, ['p2']);
      assert.equal(typeof out.find((t) => t.id === 'galaxies')!.label, 'string');
    });

    test(`a stale rename of a theme ${id} follows its papers, or is kept as an own key when none fits`, () => {
      const text = `{"renames": {"${id}": "Renamed"}, "moves": {"p1": "${id}"}, "userThemes": [], "themeMembers": {"${id}": ["p1", "p2"]}}`;
      const out = remapThemeCorrections(JSON.parse(text) as ThemeCorrections, grouped);
      assert.deepEqual(Object.keys(out.renames), ['galaxies']);
      assert.deepEqual(out.moves, { p1: 'galaxies' });
      // another stale theme takes the only theme: this one waits, kept with its signature
      const waiting = `{"renames": {"${id}": "Kept", "old": "Old"}, "moves": {}, "userThemes": [], "themeMembers": {"${id}": ["zz"], "old": ["p1", "p2"]}}`;
      const kept = remapThemeCorrections(JSON.parse(waiting) as ThemeCorrections, grouped);
      assert.equal(Object.getPrototypeOf(kept.renames), Object.prototype);
      assert.deepEqual(
        Object.entries(kept.renames).sort(),
        [
          [id, 'Kept'],
          ['galaxies', 'Old'],
        ].sort(),
      );
      assert.deepEqual(
        Object.entries(kept.themeMembers!).sort(),
        [
          [id, ['zz']],
          ['galaxies', ['p1', 'p2']],
        ].sort(),
      );
    });
  }

  test('a rename naming no theme with a prototype name is not read through the prototype', () => {
    const out = applyThemeCorrections([{ id: 'toString', label: 'Computed', paperIds: ['p1'] }], papers, {
      renames: {},
      moves: {},
      userThemes: [],
    });
    assert.equal(out[0].label, 'Computed');
    assert.deepEqual(outlineThemes([{ id: 'constructor', label: 'C', size: 3 }])?.[0].label, 'C');
  });
});

describe('remapThemeCorrections at scale', () => {
  /** The remap as it was first written: every stale signature against every theme (the reference). */
  function referenceMap(stale: Record<string, string[]>, themes: Theme[]): Map<string, string> {
    const pairs: { from: string; to: string; score: number; shared: number }[] = [];
    for (const from of Object.keys(stale).sort()) {
      for (const t of themes) {
        const score = themeOverlap(stale[from], t.paperIds);
        const a = new Set(stale[from]);
        const shared = [...new Set(t.paperIds)].filter((id) => a.has(id)).length;
        if (score >= MIN_THEME_OVERLAP) pairs.push({ from, to: t.id, score, shared });
      }
    }
    pairs.sort(
      (a, b) =>
        b.score - a.score || b.shared - a.shared || (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : 1),
    );
    const map = new Map<string, string>();
    const taken = new Set<string>();
    for (const p of pairs) {
      if (map.has(p.from) || taken.has(p.to)) continue;
      map.set(p.from, p.to);
      taken.add(p.to);
    }
    return map;
  }

  test('follows the same themes as comparing every signature with every theme', () => {
    const random = seededRandom(18);
    const pick = (n: number) => Math.floor(random() * n);
    for (let round = 0; round < 20; round++) {
      const themes: Theme[] = Array.from({ length: 2 + pick(8) }, (_, t) => ({
        id: `t${t}`,
        label: `T${t}`,
        paperIds: ids(`r${round}t${t}-`, 3 + pick(12)),
      }));
      const renames: Record<string, string> = {};
      const themeMembers: Record<string, string[]> = {};
      for (let s = 0; s < 1 + pick(10); s++) {
        const home = themes[pick(themes.length)].paperIds;
        const other = themes[pick(themes.length)].paperIds;
        renames[`old${s}`] = `Old ${s}`;
        themeMembers[`old${s}`] = [...home.filter(() => random() < 0.7), ...other.filter(() => random() < 0.3)];
      }
      const out = remapThemeCorrections({ renames, moves: {}, userThemes: [], themeMembers }, themes);
      const expected = referenceMap(themeMembers, themes);
      for (const [from, to] of expected)
        assert.equal(out.renames[to], renames[from], `round ${round}: ${from} -> ${to}`);
      assert.equal(
        Object.keys(out.renames).filter((id) => id.startsWith('t')).length,
        expected.size,
        `round ${round}: as many followed`,
      );
    }
  });
});

describe('applyThemeCorrections and fields', () => {
  test('a broad theme that is an arXiv field keeps its code through a rename and a move', () => {
    const themes: Theme[] = [
      { id: 'computation-and-language', label: 'Computation and Language', paperIds: [], field: 'cs.CL' },
      { id: 'dialogue', label: 'Dialogue', paperIds: ids('d', 4), parent: 'computation-and-language' },
      { id: 'parsing', label: 'Parsing', paperIds: ids('p', 4), parent: 'computation-and-language' },
    ];
    const corrected = applyThemeCorrections(themes, papersOf(themes), {
      renames: { 'computation-and-language': 'NLP' },
      moves: { d0: 'parsing' },
      userThemes: [],
    });
    const broad = corrected.find((t) => t.id === 'computation-and-language')!;
    assert.equal(broad.label, 'NLP');
    assert.equal(broad.field, 'cs.CL');
    assert.equal(corrected.find((t) => t.id === 'dialogue')!.field, undefined);
  });
});
