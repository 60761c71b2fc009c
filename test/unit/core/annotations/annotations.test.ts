import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  anchorAll,
  Annotation,
  annotationsOf,
  annotationsText,
  createAnnotation,
  newAnnotationId,
  reanchoredTarget,
  toAnnotation,
  toW3C,
  withAnnotationAdded,
  withAnnotationEdited,
  withAnnotationRemoved,
} from '../../../../src/core/annotations/annotations';
import { parseUserData, PaperUserData, serializeUserData } from '../../../../src/core/papers/userData';

const TEXT = 'We introduce EnvFactory, a system that builds   tool environments.\n\nIt scales to 85 environments.';
const at = (quote: string) => [TEXT.indexOf(quote), TEXT.indexOf(quote) + quote.length] as const;
const NOW = new Date('2025-01-02T03:04:05.000Z');

function make(quote: string, id: string, note?: string): Annotation {
  const [s, e] = at(quote);
  return createAnnotation(TEXT, s, e, 'yellow', note, { id, now: NOW });
}

describe('createAnnotation', () => {
  test('keeps the W3C selectors: the quote with 32 characters of context, and the offsets', () => {
    const [s, e] = at('a system that builds');
    const a = createAnnotation(TEXT, s, e, 'green', '  my note \r\n second line ', { id: 'abc', now: NOW });
    assert.deepEqual(a, {
      id: 'abc',
      color: 'green',
      note: 'my note\n second line',
      created: '2025-01-02T03:04:05.000Z',
      modified: '2025-01-02T03:04:05.000Z',
      target: {
        selector: [
          {
            type: 'TextQuoteSelector',
            exact: 'a system that builds',
            prefix: 'We introduce EnvFactory, ',
            suffix: '   tool environments.\n\nIt scales',
          },
          { type: 'TextPositionSelector', start: s, end: e },
        ],
      },
    });
    assert.deepEqual(Object.keys(a), ['id', 'color', 'note', 'created', 'modified', 'target']);
  });

  test('trims whitespace off the ends of the range, swaps a reversed one, refuses an empty one', () => {
    const [s, e] = at('EnvFactory');
    const a = createAnnotation(TEXT, e + 1, s - 1, 'blue');
    assert.equal(a.target.selector[0].exact, 'EnvFactory,');
    assert.equal(a.target.selector[1].start, s);
    assert.equal(a.note, undefined);
    assert.throws(
      () => createAnnotation(TEXT, TEXT.indexOf('   '), TEXT.indexOf('   ') + 3, 'blue'),
      /select some words/,
    );
    assert.throws(() => createAnnotation(TEXT, 0, 4, 'red' as 'blue'), /unknown highlight color/);
  });

  test('ids sort by creation time and do not collide', () => {
    const a = newAnnotationId(1_700_000_000_000);
    const b = newAnnotationId(1_700_000_000_001);
    assert.ok(a < b);
    assert.match(a, /^[0-9a-z]{9}-[0-9a-f]{8}$/);
    assert.equal(new Set(Array.from({ length: 500 }, () => newAnnotationId(5))).size, 500);
  });
});

describe('merge helpers', () => {
  test('two windows adding different annotations keep both, sorted by id', () => {
    const disk0: PaperUserData = { read: true };
    const mine = make('EnvFactory', 'b-mine');
    const theirs = make('tool environments', 'a-theirs');
    // The other window wrote first; our edit is applied to what is on disk now.
    const disk1 = withAnnotationAdded(disk0, theirs);
    const disk2 = withAnnotationAdded(disk1, mine);
    assert.deepEqual(
      annotationsOf(disk2).map((a) => a.id),
      ['a-theirs', 'b-mine'],
    );
    assert.equal(disk2.read, true);
  });

  test('edit changes color and note by id; an empty note removes it; a deleted annotation stays deleted', () => {
    const data = withAnnotationAdded(withAnnotationAdded({}, make('EnvFactory', 'x1', 'first')), make('85', 'x2'));
    const later = new Date('2025-02-01T00:00:00.000Z');
    const edited = withAnnotationEdited(data, 'x1', { color: 'pink', note: 'second' }, later);
    const x1 = annotationsOf(edited)[0];
    assert.equal(x1.color, 'pink');
    assert.equal(x1.note, 'second');
    assert.equal(x1.modified, later.toISOString());
    assert.equal(x1.created, NOW.toISOString());
    assert.equal(annotationsOf(withAnnotationEdited(edited, 'x1', { note: '  ' }))[0].note, undefined);
    const removed = withAnnotationRemoved(edited, 'x1');
    assert.deepEqual(
      annotationsOf(removed).map((a) => a.id),
      ['x2'],
    );
    assert.deepEqual(withAnnotationEdited(removed, 'x1', { note: 'resurrect?' }), removed);
    assert.equal(withAnnotationRemoved(removed, 'x2').annotations, undefined, 'no empty list is left behind');
  });

  test('entries this version cannot read, and unknown fields, are kept', () => {
    const strange = { id: 'zz', color: 'ultraviolet', target: {} };
    const extra = { ...make('EnvFactory', 'a1'), tags: ['later-version'] };
    const data: PaperUserData = { annotations: [strange, extra], future: 1 };
    const next = withAnnotationAdded(withAnnotationEdited(data, 'a1', { note: 'n' }), make('85', 'b2'));
    assert.deepEqual((next.annotations as unknown[])[2], strange);
    assert.deepEqual((annotationsOf(next)[0] as unknown as { tags: string[] }).tags, ['later-version']);
    assert.equal(next.future, 1);
    assert.equal(annotationsOf(next).length, 2);
  });

  test('selectors are read by type in any order; broken entries are skipped', () => {
    const a = make('EnvFactory', 'a1');
    const swapped = { ...a, target: { selector: [a.target.selector[1], a.target.selector[0]] } };
    assert.deepEqual(toAnnotation(swapped), a);
    assert.equal(toAnnotation({ ...a, target: { selector: [a.target.selector[1]] } }), undefined);
    assert.equal(toAnnotation({ ...a, id: '../x' }), undefined);
    assert.equal(toAnnotation('nope'), undefined);
  });

  test('the stored file round-trips through userData serialization', () => {
    const data = withAnnotationAdded({ starred: true }, make('EnvFactory', 'a1', 'note'));
    const text = serializeUserData(data);
    assert.match(text, /"TextQuoteSelector"/);
    assert.match(text, /"TextPositionSelector"/);
    assert.deepEqual(annotationsOf(parseUserData(text, 'x.json')), annotationsOf(data));
  });

  test('property: any interleaving of adds and deletes from two windows keeps every add not deleted', () => {
    const op = fc.record({ add: fc.boolean(), id: fc.integer({ min: 0, max: 9 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let disk: PaperUserData = {};
        const live = new Set<string>();
        for (const { add, id } of ops) {
          const key = `id${id}`;
          disk = add ? withAnnotationAdded(disk, make('EnvFactory', key)) : withAnnotationRemoved(disk, key);
          if (add) live.add(key);
          else live.delete(key);
        }
        assert.deepEqual(
          annotationsOf(disk).map((a) => a.id),
          [...live].sort(),
        );
      }),
      { seed: 22 },
    );
  });
});

describe('reading order, search text, re-anchoring and W3C export', () => {
  test('anchorAll numbers by position, detached ones last', () => {
    const a = make('85 environments', 'a');
    const b = make('EnvFactory', 'b');
    const gone = {
      ...make('tool environments', 'c'),
      target: {
        selector: [
          { type: 'TextQuoteSelector', exact: 'words no longer there at all', prefix: '', suffix: '' },
          { type: 'TextPositionSelector', start: 0, end: 5 },
        ],
      },
    } as Annotation;
    const items = anchorAll([a, gone, b], TEXT);
    assert.deepEqual(
      items.map((x) => [x.annotation.id, x.number, x.anchor.status]),
      [
        ['b', 1, 'exact'],
        ['a', 2, 'exact'],
        ['c', 3, 'detached'],
      ],
    );
  });

  test('annotationsText holds quotes and notes', () => {
    const data = withAnnotationAdded(
      withAnnotationAdded({}, make('EnvFactory', 'a', 'zanzibar idea')),
      make('85', 'b'),
    );
    assert.equal(annotationsText(data), 'EnvFactory\nzanzibar idea\n\n85');
  });

  test('reanchoredTarget refreshes selectors at the new place', () => {
    const a = make('a system that builds', 'a');
    const changed = `Abstract: ${TEXT}`;
    const target = reanchoredTarget(changed, {
      start: a.target.selector[1].start + 10,
      end: a.target.selector[1].end + 10,
      status: 'moved',
    });
    assert.equal(target?.selector[0].exact, 'a system that builds');
    assert.equal(target?.selector[0].prefix, 'Abstract: We introduce EnvFactory, '.slice(-32));
    assert.equal(reanchoredTarget(changed, { start: 0, end: 0, status: 'detached' }), undefined);
  });

  test('toW3C gives Web Annotation JSON-LD with a TextualBody for the note', () => {
    const a = make('EnvFactory', 'a1', 'why it matters');
    const w3c = toW3C(a, 'envfactory-6755e5c');
    assert.deepEqual(w3c, {
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      id: 'urn:papers:annotation:a1',
      type: 'Annotation',
      motivation: 'commenting',
      created: NOW.toISOString(),
      modified: NOW.toISOString(),
      body: { type: 'TextualBody', value: 'why it matters', format: 'text/plain', purpose: 'commenting' },
      target: {
        source: 'urn:papers:paper:envfactory-6755e5c',
        styleClass: 'papers-highlight-yellow',
        selector: [a.target.selector[0], a.target.selector[1]],
      },
    });
    const plain = toW3C(make('85', 'a2'), 'https://arxiv.org/abs/1234.5678');
    assert.equal(plain.motivation, 'highlighting');
    assert.equal(plain.body, undefined);
    assert.equal((plain.target as { source: string }).source, 'https://arxiv.org/abs/1234.5678');
  });
});
