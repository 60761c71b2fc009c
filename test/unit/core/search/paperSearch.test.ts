import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSnippet, PaperSearch, parseQuery, SearchDoc } from '../../../../src/core/search/paperSearch';

describe('PaperSearch', () => {
  // A made-up corpus from several fields, so nothing here depends on the seeds.
  const docs: SearchDoc[] = [
    {
      id: 'a1',
      title: 'StarNet: galaxy morphology from telescope images',
      method: 'StarNet',
      keywords: ['galaxy morphology', 'telescope'],
      abstract:
        'We classify galaxy morphology in telescope images with a convolutional network trained on citizen-science labels.',
      themeId: 'astronomy',
      themeLabel: 'Galaxy surveys',
      collections: ['sky'],
    },
    {
      id: 'b2',
      title: 'Offline reinforcement learning with conservative critics',
      method: null,
      keywords: ['offline RL', 'critic'],
      abstract:
        'Offline reinforcement learning learns policies from fixed datasets; conservative critics avoid overestimation.',
      themeId: 'offline-rl',
      themeLabel: 'Offline RL',
      collections: ['rl'],
    },
    {
      id: 'c3',
      title: 'GeneFlow: flow matching for gene expression',
      method: 'GeneFlow',
      keywords: ['flow matching', 'gene expression'],
      abstract:
        'GeneFlow generates single-cell gene expression profiles with flow matching and conditions on perturbations.',
      themeId: 'genomics',
      themeLabel: 'Single-cell genomics',
      collections: ['bio', 'rl'],
    },
    {
      id: 'd4',
      title: 'Reinforcement learning for telescope scheduling',
      method: null,
      keywords: ['scheduling', 'telescope'],
      abstract: 'A reinforcement learning agent schedules telescope observations under weather uncertainty.',
      themeId: 'astronomy',
      themeLabel: 'Galaxy surveys',
      collections: ['sky'],
    },
  ];

  test('ranks a method-name match first (field boosts)', () => {
    const s = new PaperSearch(docs);
    assert.equal(s.search('geneflow')[0].id, 'c3');
    assert.equal(s.search('starnet')[0].id, 'a1');
  });

  test('matches a prefix of the last word as it is typed', () => {
    const s = new PaperSearch(docs);
    assert.deepEqual(
      s
        .search('telesc')
        .map((h) => h.id)
        .sort(),
      ['a1', 'd4'],
    );
    assert.equal(s.search('galaxy morph')[0].id, 'a1');
  });

  test('tolerates a misspelling of a longer word, not of a short one', () => {
    const s = new PaperSearch(docs);
    assert.equal(s.search('reinforcment')[0]?.id !== undefined, true);
    assert.ok(s.search('reinforcment').some((h) => h.id === 'b2'));
    assert.deepEqual(s.search('xq'), []);
  });

  test('a word longer than any real word is looked up as typed, not fuzzily (its cost grows with its length)', () => {
    const word = (n: number) => 'spectroheliograph'.repeat(8).slice(0, n);
    const long = [60, 70].map((n) => ({ ...docs[0], id: `w${n}`, abstract: `A ${word(n)} of the sun.` }));
    const s = new PaperSearch(long);
    const misspelled = (n: number) => `${word(n).slice(0, 30)}x${word(n).slice(31)}`;
    assert.deepEqual(
      s.search(misspelled(60)).map((h) => h.id),
      ['w60'],
    );
    assert.deepEqual(s.search(misspelled(70)), []);
    assert.deepEqual(
      s.search(word(70)).map((h) => h.id),
      ['w70'],
    );
  });

  test('multi-word queries prefer papers with all the words', () => {
    const s = new PaperSearch(docs);
    const hits = s.search('reinforcement telescope');
    assert.equal(hits[0].id, 'd4');
  });

  test('theme: matches a subtheme or its broad theme, by label or id', () => {
    const nested = docs.map((d, i) =>
      i < 2
        ? {
            ...d,
            themeId: 'sub',
            themeLabel: 'Galaxy morphology',
            parentThemeId: 'sky',
            parentThemeLabel: 'Sky surveys',
          }
        : d,
    );
    const s = new PaperSearch(nested);
    const ids = (q: string) =>
      s
        .search(q)
        .map((h) => h.id)
        .sort();
    assert.deepEqual(ids('theme:"sky surveys"'), ['a1', 'b2'], 'the broad theme by label');
    assert.deepEqual(ids('theme:sky'), ['a1', 'b2'], 'by id');
    assert.deepEqual(ids('theme:morphology'), ['a1', 'b2'], 'the subtheme by label');
    assert.deepEqual(ids('-theme:sky'), ['c3', 'd4']);
    s.updateMeta('b2', {
      themeId: 'x',
      themeLabel: 'Other',
      parentThemeId: undefined,
      parentThemeLabel: undefined,
      collections: [],
    });
    assert.deepEqual(ids('theme:sky'), ['a1'], 'a paper moved out of the broad theme');
  });

  test('a theme with id constructor is found by theme:, and prototype names are no filter words', () => {
    const s = new PaperSearch(docs.map((d, i) => (i === 0 ? { ...d, themeId: 'constructor', themeLabel: 'Mine' } : d)));
    const ids = (q: string) =>
      s
        .search(q)
        .map((h) => h.id)
        .sort();
    assert.deepEqual(ids('theme:constructor'), ['a1']);
    assert.deepEqual(ids('theme:mine'), ['a1']);
    // unknown filter words are ignored, as `foo:x` is: not read through Object.prototype
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'isPrototypeOf', '__proto__']) {
      assert.deepEqual(ids(`telescope ${key}:x`), ids('telescope'), key);
      assert.deepEqual(ids(`telescope -${key}:x`), ids('telescope'), `-${key}`);
    }
  });

  test('theme: and collection: filters, alone or with text, negated with -', () => {
    const s = new PaperSearch(docs);
    assert.deepEqual(
      s
        .search('theme:galaxy')
        .map((h) => h.id)
        .sort(),
      ['a1', 'd4'],
    );
    assert.deepEqual(
      s
        .search('collection:rl')
        .map((h) => h.id)
        .sort(),
      ['b2', 'c3'],
    );
    assert.deepEqual(
      s
        .search('telescope theme:"galaxy surveys" -collection:nothing')
        .map((h) => h.id)
        .sort(),
      ['a1', 'd4'],
    );
    assert.deepEqual(
      s.search('learning -theme:offline').map((h) => h.id),
      ['d4'],
    );
    s.update({ ...docs[2], tags: ['To Read'] });
    assert.deepEqual(
      s.search('tag:"to read"').map((h) => h.id),
      ['c3'],
    );
    assert.deepEqual(
      s.search('tag:to').map((h) => h.id),
      [],
      'a tag matches whole',
    );
    assert.deepEqual(
      s.search('is:starred', { filters: { is: (d, v) => v === 'starred' && d.id === 'c3' } }).map((h) => h.id),
      ['c3'],
    );
  });

  test('snippets show where it matched, with highlight ranges on whole words', () => {
    const s = new PaperSearch(docs);
    const hit = s.search('perturb')[0];
    assert.equal(hit.id, 'c3');
    assert.equal(hit.snippet?.field, 'abstract');
    const [start, end] = hit.snippet!.highlights[0];
    assert.equal(hit.snippet!.text.slice(start, end), 'perturbations');
  });

  test('notes are searchable after an update and their snippet says so', () => {
    const s = new PaperSearch(docs);
    assert.deepEqual(s.search('ablation'), []);
    s.update({ ...docs[1], notes: 'My ablation idea: drop the conservative penalty.' });
    const hit = s.search('ablation')[0];
    assert.equal(hit.id, 'b2');
    assert.equal(hit.snippet?.field, 'notes');
    assert.equal(s.size, 4);
  });

  // Made-up papers: a few words each, so that which paper matches is easy to see.
  const doc = (id: string, title: string, abstract: string, extra: Partial<SearchDoc> = {}): SearchDoc => ({
    id,
    title,
    method: null,
    keywords: [],
    abstract,
    themeId: 't',
    themeLabel: 'All',
    collections: ['c'],
    ...extra,
  });
  const corpus = [
    doc('p1', 'Ocean tides and moons', 'Tidal heating of icy moons warms their oceans.'),
    doc('p2', 'Élan of bees', 'Honeybees count flowers before they forage.'),
    doc('p3', 'Glaciers retreat', 'Satellite radar shows glaciers retreating in the Andes.'),
    doc('p4', 'Coral recovery', 'Herbivorous fish help coral recover after bleaching.'),
  ];

  test('updates (notes, tags) stay searchable through many updates, merges and a restore; replaced text is gone', () => {
    const s = new PaperSearch(corpus);
    const animals = ['walrus', 'pelican', 'giraffe'];
    for (const animal of animals) {
      for (const d of corpus) s.update({ ...d, notes: `${animal} about ${d.id}`, tags: [`tag-${animal}`] });
    }
    assert.equal(s.size, 4);
    for (const d of corpus) {
      assert.deepEqual(
        s.search(`giraffe ${d.id}`).map((h) => h.id),
        [d.id],
        'the latest note finds its paper',
      );
      assert.deepEqual(s.search(`pelican`), [], 'a replaced note is no longer found');
    }
    assert.deepEqual(
      s.search('glaciers').map((h) => h.id),
      ['p3'],
      'each paper once, however often updated',
    );
    const restored = PaperSearch.restore(
      s.serialize(),
      corpus.map((d) => ({ ...d, notes: `giraffe about ${d.id}`, tags: ['tag-giraffe'] })),
    );
    for (const q of ['giraffe p3', 'tag giraffe', 'glaciers', 'moons', 'honeybe'])
      assert.deepEqual(
        restored.search(q).map((h) => h.id),
        s.search(q).map((h) => h.id),
        q,
      );
  });

  test('a restore of something that is not an index (an old cache) rebuilds the index from the papers', () => {
    const s = PaperSearch.restore('{"old":"minisearch json"}', corpus);
    assert.deepEqual(
      s.search('coral').map((h) => h.id),
      ['p4'],
    );
  });

  test('changes to a restored index before its first use are kept, in order, when it is set up', () => {
    const saved = new PaperSearch(corpus).serialize();
    for (const data of [saved, undefined]) {
      let built = 0;
      const s = PaperSearch.restore(data, () => {
        built++;
        // copies: updateMeta changes a document in place
        return corpus.map((d) => ({ ...d }));
      });
      s.remove(['p3']);
      s.addAll([doc('p5', 'Comet tails', 'Solar wind shapes comet tails.')]);
      s.updateMeta('p4', { themeId: 'reefs', themeLabel: 'Reefs', collections: ['sea'] });
      s.addAll([doc('p5', 'Comet dust', 'Dust trails of comets seen by radar.')]);
      assert.equal(built, 0, 'not set up before it is used');
      assert.deepEqual(s.search('glaciers'), [], 'a removed paper is gone');
      assert.deepEqual(
        s.search('comet dust').map((h) => h.id),
        ['p5'],
      );
      assert.deepEqual(s.search('solar'), [], 'the later version of a paper replaces the earlier');
      assert.equal(s.get('p4')?.themeLabel, 'Reefs');
      assert.equal(s.size, 4);
      assert.equal(built, 1);
    }
  });

  test('a prefix with very many completions still finds the papers of its most frequent ones', () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      doc(`r${i}`, `Rare ${i}`, `zq${i.toString(36)}x appears once here.`),
    );
    const common = Array.from({ length: 5 }, (_, i) =>
      doc(`c${i}`, `Common ${i}`, 'zqcommon appears in several papers.'),
    );
    const s = new PaperSearch([...many, ...common]);
    const hits = s.search('zq', { limit: 100 }).map((h) => h.id);
    for (const c of common) assert.ok(hits.includes(c.id), c.id);
    assert.deepEqual(
      s.search('zq1fx').map((h) => h.id),
      ['r51'],
      'the whole word still finds a rare one',
    );
  });

  test('filter-only results come by title, accents and case aside', () => {
    const s = new PaperSearch(corpus);
    assert.deepEqual(
      s.search('theme:all').map((h) => h.id),
      ['p4', 'p2', 'p3', 'p1'],
    );
    s.update(doc('p5', 'aardvarks', 'Aardvarks dig.'));
    assert.equal(s.search('theme:all')[0].id, 'p5', 'a new paper takes its place in the order');
  });
});

describe('parseQuery', () => {
  test('parseQuery separates filters from text', () => {
    assert.deepEqual(parseQuery('flow theme:"single cell" -is:read matching'), {
      text: 'flow matching',
      filters: [
        { key: 'theme', value: 'single cell', negated: false },
        { key: 'is', value: 'read', negated: true },
      ],
    });
  });
});

describe('makeSnippet', () => {
  test('makeSnippet cuts at word boundaries and marks cuts with an ellipsis', () => {
    const text = `${'alpha '.repeat(40)}target ${'omega '.repeat(40)}`.trim();
    const s = makeSnippet('abstract', text, ['target'], 60)!;
    assert.ok(s.text.startsWith('…') && s.text.endsWith('…'));
    assert.ok(!/\b(alph|omeg)…/.test(s.text));
    assert.equal(s.text.slice(...s.highlights[0]), 'target');
  });
});
