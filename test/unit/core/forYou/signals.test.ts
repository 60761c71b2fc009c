import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { anchorAll, createAnnotation, withAnnotationAdded } from '../../../../src/core/annotations/annotations';
import { withAnnotationsBlockBeforeNotes } from '../../../../src/core/annotations/notesBlock';
import { collectSignals, notesHaveOwnText, userDataSignals } from '../../../../src/core/forYou/signals';
import { forYouFeed, reasonText } from '../../../../src/core/forYou/feed';
import { forYouScorer } from '../../../../src/core/forYou/ranking';
import { PaperSignal } from '../../../../src/core/forYou/types';
import { PaperVectors } from '../../../../src/core/forYou/types';
import { renderNotesTemplate } from '../../../../src/core/notes/template';
import { Paper } from '../../../../src/core/papers/types';

const ABSTRACT = 'We train a diffusion model on street scenes and sample new ones.';

function paper(overrides: Partial<Paper> = {}): Paper {
  return {
    id: 'aaaaaaaaaaaa',
    abstract: ABSTRACT,
    sources: [{ collection: 'daily', line: 1 }],
    title: 'Street diffusion',
    method: null,
    keywords: [],
    theme: 't-gen',
    collections: ['daily'],
    ...overrides,
  };
}

describe('userDataSignals', () => {
  test('a star, each tag, highlights, "not interested" and the read mark are signals; empty data is none', () => {
    const highlighted = withAnnotationAdded({}, createAnnotation(ABSTRACT, 9, 24, 'yellow'));
    const kinds = userDataSignals('p', {
      starred: true,
      read: true,
      notInterested: true,
      tags: ['gen', 'gen', 'vision'],
      ...highlighted,
    }).map((s) => (s.tag ? `${s.kind}:${s.tag}` : s.kind));
    assert.deepEqual(kinds.sort(), ['highlighted', 'notInterested', 'read', 'starred', 'tagged:gen', 'tagged:vision']);
    assert.deepEqual(userDataSignals('p', {}), []);
    assert.deepEqual(userDataSignals('p', { starred: false, read: false, tags: [] }), []);
  });

  test('fields of a newer version or of the wrong type give no signal', () => {
    assert.deepEqual(userDataSignals('p', { tags: 'gen' as unknown as string[], annotations: 'x', future: true }), []);
  });
});

describe('notesHaveOwnText', () => {
  const template = renderNotesTemplate(paper());

  test('the template is not a signal, nor the template with the highlights section Papers writes into it', () => {
    assert.equal(notesHaveOwnText(template), false);
    const items = anchorAll([createAnnotation(ABSTRACT, 9, 24, 'green', 'a note on the highlight')], ABSTRACT);
    assert.equal(notesHaveOwnText(withAnnotationsBlockBeforeNotes(template, items)), false);
  });

  test('the template of a paper known by its title (a byline, no quoted abstract) is not a signal either', () => {
    const byTitle = renderNotesTemplate(paper({ abstract: '', authors: ['A. Author'], year: '2024' }));
    assert.match(byTitle, /A\. Author/);
    assert.equal(notesHaveOwnText(byTitle), false);
  });

  test('a line the reader wrote under Notes is one, with LF or CRLF line ends', () => {
    assert.equal(notesHaveOwnText(`${template}Try this on our data.\n`), true);
    assert.equal(notesHaveOwnText(`${template}- compare with baseline\n`.replace(/\n/g, '\r\n')), true);
  });

  test('without a Notes heading, any text that is not a heading or a quote is one', () => {
    assert.equal(notesHaveOwnText('# Title\n\n> quoted abstract\n'), false);
    assert.equal(notesHaveOwnText('# Title\n\nmy own words\n'), true);
    assert.equal(notesHaveOwnText(''), false);
  });
});

describe('collectSignals', () => {
  test('reads marks, notes and links together, strongest kinds first and each link file once', () => {
    const signals = collectSignals({
      userData: [
        ['r', { read: true }],
        ['s', { starred: true }],
      ],
      notes: [
        ['n', `${renderNotesTemplate(paper({ id: 'n' }))}mine\n`],
        ['t', renderNotesTemplate(paper({ id: 't' }))],
      ],
      links: [
        { paper: 'l', file: 'src/train.py' },
        { paper: 'l', file: 'src/train.py' },
        { paper: 'l', file: 'src/eval.py' },
      ],
    });
    assert.deepEqual(signals, [
      { id: 's', kind: 'starred' },
      { id: 'n', kind: 'noted' },
      { id: 'l', kind: 'linked', file: 'src/train.py' },
      { id: 'l', kind: 'linked', file: 'src/eval.py' },
      { id: 'r', kind: 'read' },
    ]);
    assert.deepEqual(collectSignals({}), []);
  });
});

/** Papers on two axes: `x…` lie near (1, 0), `y…` near (0, 1); unit rows. */
function twoKinds(ids: string[]): PaperVectors {
  const rows = new Float32Array(ids.length * 2);
  ids.forEach((id, i) => {
    const a = id.startsWith('x') ? 0.1 + i * 0.01 : Math.PI / 2 - 0.1 - i * 0.01;
    rows[i * 2] = Math.cos(a);
    rows[i * 2 + 1] = Math.sin(a);
  });
  return { ids, rows, dims: 2 };
}

describe('forYouFeed', () => {
  const vectors = twoKinds(['x1', 'x2', 'x3', 'x4', 'y1', 'y2', 'y3', 'y4']);
  const feedOf = (signals: PaperSignal[], batches: { ids: string[] }[], count: number) =>
    forYouFeed(forYouScorer(vectors, signals), vectors.ids, batches, count);

  test('without a batch: the papers like the starred ones first, signalled ones left out', () => {
    const feed = feedOf(
      [
        { id: 'x1', kind: 'starred' },
        { id: 'x2', kind: 'read' },
      ],
      [],
      2,
    );
    assert.deepEqual(
      feed.papers.map((p) => p.id),
      ['x3', 'x4'],
    );
    assert.equal(feed.positives, 1);
  });

  test('the newest batch comes first even when an older paper is closer, then the older batch, then the rest', () => {
    const signals = [{ id: 'x1', kind: 'starred' as const }];
    const feed = feedOf(signals, [{ ids: ['y4', 'y3'] }, { ids: ['x4'] }], 5);
    const ids = feed.papers.map((p) => p.id);
    assert.deepEqual(ids.slice(0, 2).sort(), ['y3', 'y4'], 'the newest batch first');
    assert.equal(ids[2], 'x4', 'then the batch before');
    assert.ok(
      ids.slice(3).every((id) => id.startsWith('x')),
      'then the best of the rest: like the starred paper',
    );
    assert.equal(new Set(ids).size, ids.length, 'no paper twice');
    assert.equal(ids.length, 5);
  });

  test('no positive signal: an empty feed that says so', () => {
    const feed = feedOf([{ id: 'x1', kind: 'read' }], [{ ids: ['y1'] }], 5);
    assert.deepEqual(feed.papers, []);
    assert.equal(feed.positives, 0);
    assert.equal(feed.negatives, 1);
  });
});

describe('reasonText', () => {
  test('names the signal papers by title with how each was signalled', () => {
    const titles: Record<string, string> = { a: 'Alpha', b: 'Beta', c: 'Gamma' };
    const text = reasonText(
      [
        { id: 'a', signal: 'starred' },
        { id: 'b', signal: 'linked', file: 'src/train.py' },
        { id: 'c', signal: 'noted' },
      ],
      (id) => titles[id],
    );
    assert.equal(text, 'like "Alpha" (starred), "Beta" (linked from src/train.py) and "Gamma" (in your notes)');
    assert.equal(
      reasonText([], () => ''),
      '',
    );
  });
});
