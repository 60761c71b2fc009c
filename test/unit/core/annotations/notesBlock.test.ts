import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { anchorAll, createAnnotation } from '../../../../src/core/annotations/annotations';
import {
  ANNOTATIONS_END,
  ANNOTATIONS_START,
  locateAnnotationsBlock,
  renderAnnotationsBlock,
  updateAnnotationsBlock,
  withAnnotationsBlockBeforeNotes,
} from '../../../../src/core/annotations/notesBlock';
import { renderNotesTemplate } from '../../../../src/core/notes/template';

const TEXT = 'We introduce EnvFactory, a system that builds tool environments.\n\nIt scales to 85 environments.';
const NOW = new Date('2025-01-02T03:04:05.000Z');
const ann = (quote: string, id: string, note?: string, color: 'yellow' | 'green' = 'yellow') =>
  createAnnotation(TEXT, TEXT.indexOf(quote), TEXT.indexOf(quote) + quote.length, color, note, { id, now: NOW });
const items = anchorAll(
  [ann('EnvFactory', 'a', 'the method\n- point one\n# not a heading'), ann('85 environments', 'b', undefined, 'green')],
  TEXT,
);

/** Applies an update's edit the way a WorkspaceEdit would, to check it matches the full text it gives. */
function applyEdit(text: string, edit: { start: number; end: number; insert: string }): string {
  return text.slice(0, edit.start) + edit.insert + text.slice(edit.end);
}

describe('renderAnnotationsBlock', () => {
  test('lists each highlight: number, color, the quote as > lines, the note', () => {
    const block = renderAnnotationsBlock(items);
    assert.ok(block.startsWith(`${ANNOTATIONS_START}\n`));
    assert.ok(block.endsWith(`\n${ANNOTATIONS_END}`));
    assert.match(block, /\*\*1\.\*\* yellow\n\n> EnvFactory\n\nthe method\n- point one\n\\# not a heading\n/);
    assert.match(block, /\*\*2\.\*\* green\n\n> 85 environments\n/);
    assert.match(renderAnnotationsBlock([]), /_No highlights\._/);
  });

  test('a note or quote holding a marker cannot end the section early', () => {
    const sneaky = anchorAll([ann('EnvFactory', 'a', `oops ${ANNOTATIONS_END} and <script>`)], TEXT);
    const block = renderAnnotationsBlock(sneaky);
    assert.equal(block.split(ANNOTATIONS_END).length, 2);
    assert.equal(locateAnnotationsBlock(`x\n${block}\ny`).kind, 'found');
    assert.doesNotMatch(block, /(^|[^\\])<script>/, 'raw HTML is escaped');
  });

  test('multi-paragraph quotes keep their paragraphs as > lines', () => {
    const two = anchorAll(
      [createAnnotation(TEXT, TEXT.indexOf('that builds'), TEXT.indexOf('It scales') + 9, 'blue')],
      TEXT,
    );
    assert.match(renderAnnotationsBlock(two), /> that builds tool environments\.\n>\n> It scales/);
  });

  test('detached highlights say so', () => {
    const gone = anchorAll([ann('EnvFactory', 'a')], 'A different abstract altogether.');
    assert.match(renderAnnotationsBlock(gone), /\*\*1\.\*\* yellow · detached/);
  });
});

describe('updateAnnotationsBlock', () => {
  const userTop = '---\npaper: x\n---\n\n# Title\n\nMy own words, *kept*.\n';
  const userBottom = '\n## Later\n\nMore of my words.   \n\n\n';

  test('appends the section at the end when there is none, after a blank line', () => {
    const update = updateAnnotationsBlock(userTop, items);
    assert.equal(update.kind, 'appended');
    if (update.kind !== 'appended') return;
    assert.equal(update.text, `${userTop}\n${renderAnnotationsBlock(items)}\n`);
    assert.equal(applyEdit(userTop, update.edit), update.text);
    const unterminated = updateAnnotationsBlock('no newline', items);
    assert.ok(unterminated.kind === 'appended' && unterminated.text.startsWith('no newline\n\n<!--'));
  });

  test('replaces only between the markers; the text around is kept byte for byte; idempotent', () => {
    const old = `${userTop}${ANNOTATIONS_START}\nstale list\n${ANNOTATIONS_END}${userBottom}`;
    const update = updateAnnotationsBlock(old, items);
    assert.equal(update.kind, 'replaced');
    if (update.kind !== 'replaced') return;
    assert.equal(update.text, `${userTop}${renderAnnotationsBlock(items)}${userBottom}`);
    assert.equal(applyEdit(old, update.edit), update.text);
    assert.deepEqual(updateAnnotationsBlock(update.text, items), { kind: 'unchanged' });
  });

  test('without annotations: nothing is added, an existing section is emptied', () => {
    assert.deepEqual(updateAnnotationsBlock(userTop, []), { kind: 'unchanged' });
    const withBlock = `${userTop}${renderAnnotationsBlock(items)}${userBottom}`;
    const update = updateAnnotationsBlock(withBlock, []);
    assert.equal(update.kind === 'replaced' && update.text, `${userTop}${renderAnnotationsBlock([])}${userBottom}`);
  });

  test('broken markers (one missing, doubled, out of order): no text, a reason', () => {
    for (const broken of [
      `${userTop}${ANNOTATIONS_START}\nlist\n`,
      `${userTop}list\n${ANNOTATIONS_END}\n`,
      `${ANNOTATIONS_END}\n${ANNOTATIONS_START}\n`,
      `${ANNOTATIONS_START}${ANNOTATIONS_END}\n${ANNOTATIONS_START}${ANNOTATIONS_END}`,
    ]) {
      const update = updateAnnotationsBlock(broken, items);
      assert.equal(update.kind, 'broken', broken);
      assert.ok(update.kind === 'broken' && update.problem.length > 10);
    }
  });

  test('keeps CRLF files in CRLF', () => {
    const crlf = userTop.replace(/\n/g, '\r\n');
    const update = updateAnnotationsBlock(crlf, items);
    assert.ok(update.kind === 'appended');
    if (update.kind !== 'appended') return;
    assert.doesNotMatch(update.text.replace(/\r\n/g, ''), /\n/);
    assert.deepEqual(updateAnnotationsBlock(update.text, items), { kind: 'unchanged' });
  });

  test('property: user text before and after the section survives any update, and a second update is a no-op', () => {
    const userText = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r\n', '#', '<', '!', '-', '>', 'é') });
    fc.assert(
      fc.property(userText, userText, fc.boolean(), fc.integer({ min: 0, max: 2 }), (before, after, hasBlock, n) => {
        const chosen = items.slice(0, n);
        const text = hasBlock ? `${before}${ANNOTATIONS_START}\nold\n${ANNOTATIONS_END}${after}` : before;
        const update = updateAnnotationsBlock(text, chosen);
        if (update.kind === 'unchanged') {
          assert.ok(!hasBlock && n === 0);
          return;
        }
        assert.notEqual(update.kind, 'broken');
        if (update.kind === 'broken') return;
        assert.ok(update.text.startsWith(before), 'text before kept');
        if (hasBlock) assert.ok(update.text.endsWith(after), 'text after kept');
        assert.equal(applyEdit(text, update.edit), update.text);
        assert.deepEqual(updateAnnotationsBlock(update.text, chosen), { kind: 'unchanged' });
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});

describe('withAnnotationsBlockBeforeNotes', () => {
  test('a new notes file gets the section before its Notes heading', () => {
    const paper = {
      id: '6755e5c1a2b3',
      abstract: TEXT,
      sources: [],
      title: 'EnvFactory',
      method: 'EnvFactory',
      keywords: [],
      theme: 't',
      collections: ['c'],
    };
    const template = renderNotesTemplate(paper);
    const text = withAnnotationsBlockBeforeNotes(template, items);
    assert.ok(text.indexOf(ANNOTATIONS_END) < text.indexOf('## Notes'));
    assert.ok(text.endsWith('## Notes\n\n\n'));
    assert.deepEqual(updateAnnotationsBlock(text, items), { kind: 'unchanged' });
  });
});
