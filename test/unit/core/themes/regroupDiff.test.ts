import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LevelDiff, regroupDiff, ThemeShare } from '../../../../src/core/themes/regroupDiff';
import { Theme } from '../../../../src/core/papers/types';
import { seededRandom } from '../../../../src/core/vectors/seededRandom';

const ids = (prefix: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => `${prefix}${from + i}`);
const theme = (id: string, paperIds: string[], more: Partial<Theme> = {}): Theme => ({
  id,
  label: more.label ?? `Label ${id}`,
  paperIds,
  ...more,
});

/** A level's classes as short strings, to assert every classification at once. */
function classes(level: LevelDiff) {
  const shares = (list: ThemeShare[]) => list.map((s) => `${s.theme.id}:${s.shared}`).join(',');
  return {
    kept: level.kept.map((k) => `${k.before.id}>${k.after.id}${k.renamed ? ' renamed' : ''}`),
    split: level.split.map((s) => `${s.before.id}>${shares(s.into)}`),
    merged: level.merged.map((m) => `${shares(m.from)}>${m.after.id}`),
    new: level.new.map((n) => `${n.after.id}:${n.after.papers}+${n.added}`),
    gone: level.gone.map((g) => `${g.before.id}>${shares(g.to)}`),
    moved: level.moved,
    unchanged: level.unchanged,
  };
}

const none = { kept: [], split: [], merged: [], new: [], gone: [] };

describe('regroupDiff', () => {
  test('the same grouping: every theme kept, no paper moves, one level only', () => {
    const themes = [theme('a', ids('a', 10)), theme('b', ids('b', 8))];
    const diff = regroupDiff(themes, themes);
    assert.deepEqual(classes(diff.themes), { ...none, kept: ['a>a', 'b>b'], moved: 0, unchanged: 18 });
    assert.equal(diff.broad, undefined);
    assert.deepEqual(diff.papers, { compared: 18, added: 0, removed: 0, inUserThemes: 0 });
    assert.deepEqual(diff.userThemes, []);
  });

  test('the same papers under another label and id: kept, renamed', () => {
    const before = [theme('offline-rl', ids('a', 10), { label: 'Offline RL' }), theme('b', ids('b', 8))];
    const after = [
      theme('offline-reinforcement-learning', ids('a', 10), { label: 'Offline reinforcement learning' }),
      theme('b2', ids('b', 8), { label: 'Label b' }),
    ];
    const diff = regroupDiff(before, after);
    assert.deepEqual(classes(diff.themes), {
      ...none,
      kept: ['offline-rl>offline-reinforcement-learning renamed', 'b>b2'],
      moved: 0,
      unchanged: 18,
    });
    assert.equal(diff.themes.kept[0].before.label, 'Offline RL');
    assert.equal(diff.themes.kept[0].after.label, 'Offline reinforcement learning');
  });

  test('split: parts of 60% and 40% are a split, not a theme kept beside a new one', () => {
    const before = [theme('s', ids('s', 10)), theme('k', ids('k', 12))];
    const after = [theme('s1', ids('s', 6)), theme('s2', ids('s', 4, 6)), theme('k', ids('k', 12))];
    assert.deepEqual(classes(regroupDiff(before, after).themes), {
      ...none,
      kept: ['k>k'],
      split: ['s>s1:6,s2:4'],
      moved: 4,
      unchanged: 18,
    });
  });

  test('a part is 3 papers and a fifth of the old theme: 3 of 15 split it, 3 of 16 do not', () => {
    const fifth = regroupDiff([theme('a', ids('a', 15))], [theme('q', ids('a', 12)), theme('p', ids('a', 3, 12))]);
    assert.deepEqual(classes(fifth.themes), { ...none, split: ['a>q:12,p:3'], moved: 3, unchanged: 12 });
    const less = regroupDiff([theme('a', ids('a', 16))], [theme('q', ids('a', 13)), theme('p', ids('a', 3, 13))]);
    assert.deepEqual(classes(less.themes), { ...none, kept: ['a>q renamed'], new: ['p:3+0'], moved: 3, unchanged: 13 });
  });

  test('kept is one-to-one: two themes of two papers in one of four keep one of them, the other is gone', () => {
    const diff = regroupDiff(
      [theme('a', ids('a', 2)), theme('b', ids('b', 2))],
      [theme('c', [...ids('a', 2), ...ids('b', 2)])],
    );
    assert.deepEqual(classes(diff.themes), { ...none, kept: ['a>c renamed'], gone: ['b>c:2'], moved: 0, unchanged: 4 });
  });

  test('merged: a new theme with two substantial sources; merging moves no paper', () => {
    const before = [theme('a', ids('a', 5)), theme('b', ids('b', 4)), theme('k', ids('k', 10))];
    const after = [theme('c', [...ids('a', 5), ...ids('b', 4)]), theme('k', ids('k', 10))];
    assert.deepEqual(classes(regroupDiff(before, after).themes), {
      ...none,
      kept: ['k>k'],
      merged: ['a:5,b:4>c'],
      moved: 0,
      unchanged: 19,
    });
  });

  test('new: from scattered bits of old themes (under 3 papers each) or from papers just added', () => {
    const before = ['a', 'b', 'c'].map((p) => theme(p, ids(p, 10)));
    const after = [
      ...['a', 'b', 'c'].map((p) => theme(p, ids(p, 8))),
      theme('n', [...ids('a', 2, 8), ...ids('b', 2, 8), ...ids('c', 2, 8)]),
      theme('m', ids('x', 5)),
    ];
    const diff = regroupDiff(before, after);
    assert.deepEqual(classes(diff.themes), {
      ...none,
      kept: ['a>a', 'b>b', 'c>c'],
      new: ['n:6+0', 'm:5+5'],
      moved: 6,
      unchanged: 24,
    });
    assert.deepEqual(diff.papers, { compared: 30, added: 5, removed: 0, inUserThemes: 0 });
  });

  test('gone: an old theme with no successor taking half of it, even with one part of 3 papers or more', () => {
    const before = [...['a', 'b', 'c'].map((p) => theme(p, ids(p, 20))), theme('g', ids('g', 9))];
    const scattered = [
      theme('a', [...ids('a', 20), ...ids('g', 2)]),
      theme('b', [...ids('b', 20), ...ids('g', 2, 2)]),
      theme('c', [...ids('c', 20), ...ids('g', 2, 4)]),
    ];
    // g's papers land 2, 2, 2 (and 3 are removed): the three themes are the same size, so label order.
    const diff = regroupDiff(before, scattered);
    assert.deepEqual(classes(diff.themes), {
      ...none,
      kept: ['a>a', 'b>b', 'c>c'],
      gone: ['g>a:2,b:2,c:2'],
      moved: 4,
      unchanged: 62,
    });
    assert.equal(diff.themes.gone[0].before.papers, 9, 'a gone theme says how many papers it held');
    const onePart = [
      theme('a', [...ids('a', 20), ...ids('g', 4)]),
      theme('b', [...ids('b', 20), ...ids('g', 2, 4)]),
      theme('c', [...ids('c', 20), ...ids('g', 2, 6)]),
    ];
    // 4 of g's 8 remaining papers go to a: a part of g and half of it, but only a sixth of a, so not kept.
    assert.deepEqual(classes(regroupDiff(before, onePart).themes), {
      ...none,
      kept: ['a>a', 'b>b', 'c>c'],
      gone: ['g>a:4,b:2,c:2'],
      moved: 4,
      unchanged: 64,
    });
  });

  test('kept needs the best match to hold half of both themes', () => {
    const before = ['a', 'x', 'y', 'z'].map((p) => theme(p, ids(p, p === 'a' ? 10 : 40)));
    // a keeps `keep` papers in a2; a2 is filled to 10 with 2 + 2 + 1 papers of x, y, z (and papers just
    // added); the rest of a scatters 2, 2 and the rest to x, y, z.
    const after = (keep: number) => {
      const rest = ids('a', 10 - keep, keep);
      return [
        theme('a2', [...ids('a', keep), 'x0', 'x1', 'y0', 'y1', 'z0', ...ids('q', 5 - keep)], { label: 'Label a' }),
        theme('x', [...ids('x', 38, 2), ...rest.slice(0, 2)]),
        theme('y', [...ids('y', 38, 2), ...rest.slice(2, 4)]),
        theme('z', [...ids('z', 39, 1), ...rest.slice(4)]),
      ];
    };
    const half = regroupDiff(before, after(5));
    assert.deepEqual(classes(half.themes).kept, ['x>x', 'y>y', 'z>z', 'a>a2']);
    assert.deepEqual(classes(half.themes).gone, []);
    const under = regroupDiff(before, after(4));
    assert.deepEqual(classes(under.themes), {
      ...none,
      kept: ['x>x', 'y>y', 'z>z'],
      new: ['a2:10+1'],
      gone: ['a>a2:4,z:2,x:2,y:2'],
      moved: 11,
      unchanged: 119,
    });
  });

  test('a reshuffle: an old theme split and a new theme merged at once', () => {
    // a goes half to c, half to d; b goes wholly to c: a is split, c merged (sources a and b), d a part of a.
    const before = [theme('a', ids('a', 10)), theme('b', ids('b', 6))];
    const after = [theme('c', [...ids('a', 5), ...ids('b', 6)]), theme('d', ids('a', 5, 5))];
    assert.deepEqual(classes(regroupDiff(before, after).themes), {
      ...none,
      split: ['a>c:5,d:5'],
      merged: ['b:6,a:5>c'],
      moved: 5,
      unchanged: 11,
    });
  });

  test('two levels: subthemes compared as the themes that hold papers, broad themes on their own', () => {
    const before = [
      theme('f', [], { label: 'Field F' }),
      theme('f1', ids('f1-', 10), { parent: 'f' }),
      theme('f2', ids('f2-', 8), { parent: 'f' }),
      theme('g', [], { label: 'Field G' }),
      theme('g1', ids('g1-', 9), { parent: 'g' }),
      theme('g2', ids('g2-', 7), { parent: 'g' }),
    ];
    const after = [
      theme('f-new', [], { label: 'Field F, renamed' }),
      theme('f1', ids('f1-', 10), { parent: 'f-new' }),
      theme('f2', ids('f2-', 8), { parent: 'f-new' }),
      // g's subthemes become two broad themes of one level, holding their papers themselves
      theme('h', ids('g1-', 9), { label: 'Label g1' }),
      theme('i', ids('g2-', 7), { label: 'Something else' }),
    ];
    const diff = regroupDiff(before, after);
    assert.deepEqual(classes(diff.themes), {
      ...none,
      kept: ['f1>f1', 'g1>h', 'f2>f2', 'g2>i renamed'],
      moved: 0,
      unchanged: 34,
    });
    assert.ok(diff.broad, 'either grouping has two levels');
    assert.deepEqual(classes(diff.broad), {
      ...none,
      kept: ['f>f-new renamed'],
      split: ['g>h:9,i:7'],
      moved: 7,
      unchanged: 27,
    });
    assert.equal(diff.broad.kept[0].before.papers, 18, "a broad theme's papers are its subthemes'");
  });

  test('papers added or removed meanwhile are counted apart, never as moves', () => {
    const before = [theme('a', ids('a', 10)), theme('r', ids('r', 4)), theme('k', ids('k', 6))];
    const after = [theme('a', [...ids('a', 8), ...ids('n', 3)]), theme('k', [...ids('k', 6), 'n3'])];
    const diff = regroupDiff(before, after);
    assert.deepEqual(diff.papers, { compared: 14, added: 4, removed: 6, inUserThemes: 0 });
    assert.deepEqual(classes(diff.themes), {
      ...none,
      kept: ['a>a', 'k>k'],
      gone: ['r>'],
      moved: 0,
      unchanged: 14,
    });
  });

  test("the user's themes are listed as kept as is and their papers are not compared", () => {
    const before = [
      theme('mine', ids('u', 5), { label: 'My reading list', user: true }),
      theme('a', ids('a', 10)),
      theme('b', ids('b', 6)),
    ];
    // A fresh grouping, corrections not yet applied: the user's papers land in computed themes.
    const fresh = [theme('a', [...ids('a', 10), ...ids('u', 3)]), theme('b', [...ids('b', 6), ...ids('u', 2, 3)])];
    const diff = regroupDiff(before, fresh);
    assert.deepEqual(diff.userThemes, [{ id: 'mine', label: 'My reading list', papers: 5 }]);
    assert.deepEqual(diff.papers, { compared: 16, added: 0, removed: 0, inUserThemes: 5 });
    assert.deepEqual(classes(diff.themes), { ...none, kept: ['a>a', 'b>b'], moved: 0, unchanged: 16 });
    // With corrections applied, the user's theme is in both: the same result.
    const corrected = [theme('mine', ids('u', 5), { user: true }), theme('a', ids('a', 10)), theme('b', ids('b', 6))];
    assert.deepEqual(classes(regroupDiff(before, corrected).themes), classes(diff.themes));
  });

  test('deterministic: the order of themes and of their papers does not matter; ties go by size, then label', () => {
    const before = [
      theme('a', ids('a', 6), { label: 'Zeta' }),
      theme('b', ids('b', 12)),
      theme('c', ids('c', 5)),
      theme('d', ids('d', 5)),
    ];
    const after = [
      theme('p', ids('a', 3), { label: 'Beta' }),
      theme('q', ids('a', 3, 3), { label: 'Alpha' }),
      theme('r', [...ids('c', 5), ...ids('d', 5)]),
      theme('b', [...ids('b', 12), 'x1']),
    ];
    const diff = regroupDiff(before, after);
    assert.deepEqual(classes(diff.themes), {
      ...none,
      kept: ['b>b'],
      split: ['a>q:3,p:3'],
      merged: ['c:5,d:5>r'],
      moved: 3,
      unchanged: 25,
    });
    const random = seededRandom(7);
    const shuffled = <T>(list: readonly T[]): T[] => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    };
    const mixed = (themes: Theme[]) => shuffled(themes).map((t) => ({ ...t, paperIds: shuffled(t.paperIds) }));
    for (let round = 0; round < 5; round++) assert.deepEqual(regroupDiff(mixed(before), mixed(after)), diff);
  });

  test('property: every theme is classified once, every paper counted once', () => {
    // A grouping drawn at random: each paper's theme (or none), a few themes the user's, some nested.
    const groupingArb = fc.record({
      homes: fc.array(fc.integer({ min: -1, max: 7 }), { minLength: 60, maxLength: 60 }),
      user: fc.integer({ min: -1, max: 7 }),
      nested: fc.boolean(),
    });
    const build = (g: { homes: number[]; user: number; nested: boolean }, side: string): Theme[] => {
      const themes: Theme[] = Array.from({ length: 8 }, (_, t) =>
        theme(`${side}${t}`, [], {
          user: t === g.user || undefined,
          parent: g.nested ? `${side}top${t % 3}` : undefined,
        }),
      );
      g.homes.forEach((t, p) => t >= 0 && themes[t].paperIds.push(`p${p}`));
      const tops = g.nested ? [0, 1, 2].map((t) => theme(`${side}top${t}`, [])) : [];
      return [...tops, ...themes];
    };
    // The computed themes holding papers at the leaf level: each must be classified once, or be a merge's source
    // (old) or a split's part (new).
    const holding = (g: { homes: number[]; user: number }, side: string) =>
      new Set(g.homes.filter((t) => t >= 0 && t !== g.user).map((t) => `${side}${t}`));
    fc.assert(
      fc.property(groupingArb, groupingArb, (b, a) => {
        const diff = regroupDiff(build(b, 'old'), build(a, 'new'));
        const { compared, added, removed, inUserThemes } = diff.papers;
        const present = b.homes.filter((t, p) => t >= 0 || a.homes[p] >= 0).length;
        assert.equal(compared + added + removed + inUserThemes, present);
        for (const level of diff.broad ? [diff.themes, diff.broad] : [diff.themes]) {
          assert.equal(level.moved + level.unchanged, compared);
          const olds = [
            ...level.kept.map((k) => k.before),
            ...level.split.map((x) => x.before),
            ...level.gone.map((g) => g.before),
          ];
          assert.equal(new Set(olds.map((t) => t.id)).size, olds.length, 'an old theme in one class only');
          const news = [
            ...level.kept.map((k) => k.after),
            ...level.merged.map((m) => m.after),
            ...level.new.map((n) => n.after),
          ];
          assert.equal(new Set(news.map((t) => t.id)).size, news.length, 'a new theme in one class only');
        }
        const level = diff.themes;
        const classified = (themes: { id: string }[], others: { id: string }[]) =>
          new Set([...themes, ...others].map((t) => t.id));
        const olds = classified(
          [...level.kept.map((k) => k.before), ...level.split.map((x) => x.before), ...level.gone.map((g) => g.before)],
          level.merged.flatMap((m) => m.from.map((f) => f.theme)),
        );
        const news = classified(
          [...level.kept.map((k) => k.after), ...level.merged.map((m) => m.after), ...level.new.map((n) => n.after)],
          level.split.flatMap((x) => x.into.map((i) => i.theme)),
        );
        assert.deepEqual([...olds].sort(), [...holding(b, 'old')].sort());
        assert.deepEqual([...news].sort(), [...holding(a, 'new')].sort());
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  test('property: a grouping compared with itself keeps every theme it holds and moves nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 80 }), (homes) => {
        const themes = Array.from({ length: 10 }, (_, t) => theme(`t${t}`, []));
        homes.forEach((t, p) => themes[t].paperIds.push(`p${p}`));
        const level = regroupDiff(themes, themes).themes;
        assert.deepEqual(
          level.kept.map((k) => k.before.id),
          level.kept.map((k) => k.after.id),
        );
        assert.equal(level.kept.length, new Set(homes).size);
        assert.equal(level.moved, 0);
        assert.equal(
          level.kept.length + level.split.length + level.merged.length + level.new.length + level.gone.length,
          level.kept.length,
        );
      }),
      { seed: 17, numRuns: 200 },
    );
  });

  test('a large library: 50 themes of 2,000 papers, every class at once', () => {
    const before = Array.from({ length: 50 }, (_, i) => theme(`t${i}`, ids(`p${i}-`, 2000)));
    const after: Theme[] = [];
    for (let i = 0; i < 50; i++) {
      if (i >= 40 && i <= 43) continue;
      // t43's papers scatter 50 to each of the first 40 themes
      const extra = i < 40 ? ids('p43-', 50, i * 50) : [];
      after.push(
        theme(`t${i}`, [...ids(`p${i}-`, 2000), ...extra], { label: i % 2 === 0 ? `New ${i}` : `Label t${i}` }),
      );
    }
    after.push(theme('m', [...ids('p40-', 2000), ...ids('p41-', 2000)]));
    after.push(theme('s1', ids('p42-', 1200)), theme('s2', ids('p42-', 800, 1200)));
    after.push(theme('fresh', ids('new', 500)));
    const diff = regroupDiff(before, after);
    const c = classes(diff.themes);
    assert.equal(c.kept.length, 46);
    assert.equal(c.kept.filter((k) => k.endsWith('renamed')).length, 23, 'the even ones of 0–39 and 44–49');
    assert.deepEqual(c.split, ['t42>s1:1200,s2:800']);
    assert.deepEqual(c.merged, ['t40:2000,t41:2000>m']);
    assert.deepEqual(c.new, ['fresh:500+500']);
    assert.equal(c.gone.length, 1);
    assert.ok(c.gone[0].startsWith('t43>'));
    assert.equal(diff.themes.gone[0].to.length, 40);
    assert.equal(c.moved, 800 + 1950);
    assert.deepEqual(diff.papers, { compared: 100_000, added: 500, removed: 0, inUserThemes: 0 });
  });
});
