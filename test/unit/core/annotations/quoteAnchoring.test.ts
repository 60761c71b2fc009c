import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { anchorAnnotation, anchorQuote, createAnnotation } from '../../../../src/core/annotations/annotations';

const ABSTRACT =
  'Learning a precise dynamics model can be crucial for offline reinforcement learning, which, unfortunately, ' +
  'has been found to be quite challenging. Dynamics models that are learned by fitting historical transitions ' +
  'often struggle to generalize to unseen transitions. In this study, we identify a hidden but pivotal factor ' +
  'termed dynamics reward that remains consistent across transitions, offering a pathway to better generalization.';

/** An annotation on the first occurrence (or the `nth`) of `quote` in `text`. */
function annotate(text: string, quote: string, nth = 0) {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(quote, at + 1);
  assert.ok(at >= 0, `"${quote}" is in the text`);
  return createAnnotation(text, at, at + quote.length, 'yellow');
}

const slice = (text: string, a: { start: number; end: number }) => text.slice(a.start, a.end);

describe('anchorAnnotation', () => {
  test('finds an unchanged passage where it was stored: exact', () => {
    const a = annotate(ABSTRACT, 'hidden but pivotal factor');
    const anchor = anchorAnnotation(a, ABSTRACT);
    assert.equal(anchor.status, 'exact');
    assert.equal(slice(ABSTRACT, anchor), 'hidden but pivotal factor');
  });

  test('survives whitespace fixes inside and before the quote', () => {
    const sloppy = ABSTRACT.replace('hidden but pivotal', 'hidden  but\npivotal').replace(
      'In this study',
      'In  this   study',
    );
    const a = annotate(sloppy, 'hidden  but\npivotal factor');
    const fixed = ABSTRACT;
    const anchor = anchorAnnotation(a, fixed);
    assert.equal(anchor.status, 'moved');
    assert.equal(slice(fixed, anchor), 'hidden but pivotal factor');
    // and the other way round: spacing added
    const back = anchorAnnotation(annotate(fixed, 'hidden but pivotal factor'), sloppy);
    assert.equal(slice(sloppy, back), 'hidden  but\npivotal factor');
  });

  test('a corrected typo inside the quote gives a fuzzy anchor on the corrected words', () => {
    const typo = ABSTRACT.replace('historical transitions', 'histroical transitions');
    const a = annotate(typo, 'by fitting histroical transitions');
    const anchor = anchorAnnotation(a, ABSTRACT);
    assert.equal(anchor.status, 'fuzzy');
    assert.equal(slice(ABSTRACT, anchor), 'by fitting historical transitions');
  });

  test('a long quote (several 32-character blocks of the matcher) with a few edits is found', () => {
    const quote = 'Dynamics models that are learned by fitting historical transitions often struggle to generalize';
    const a = annotate(ABSTRACT, quote);
    const edited = ABSTRACT.replace(
      quote,
      'Dynamics modls that are learnt by fitting historical transition often struggle to generalise',
    );
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.status, 'fuzzy');
    assert.equal(
      slice(edited, anchor),
      'Dynamics modls that are learnt by fitting historical transition often struggle to generalise',
    );
  });

  test('a corrected typo outside the quote only moves it', () => {
    const typo = ABSTRACT.replace('unfortunately', 'unfortunatly');
    const a = annotate(typo, 'quite challenging');
    const anchor = anchorAnnotation(a, ABSTRACT);
    assert.equal(anchor.status, 'moved');
    assert.equal(slice(ABSTRACT, anchor), 'quite challenging');
  });

  test('text inserted before the quote: moved, same words', () => {
    const a = annotate(ABSTRACT, 'dynamics reward');
    const longer = `We revisit model-based offline RL. ${ABSTRACT}`;
    const anchor = anchorAnnotation(a, longer);
    assert.equal(anchor.status, 'moved');
    assert.equal(anchor.start, ABSTRACT.indexOf('dynamics reward') + 35);
    assert.equal(slice(longer, anchor), 'dynamics reward');
  });

  test('text inserted exactly at the start of the quote stays before it, also when it begins like the quote', () => {
    // "identify a hidden" -> "identify an a hidden": the old place now holds the "a" of "an", 3 characters early.
    const at = ABSTRACT.indexOf('identify a hidden') + 'identify '.length;
    const article = createAnnotation(ABSTRACT, at, at + 1, 'yellow');
    for (const inserted of ['an ', 'and ', 'so-called ']) {
      const edited = ABSTRACT.slice(0, at) + inserted + ABSTRACT.slice(at);
      const anchor = anchorAnnotation(article, edited);
      assert.deepEqual(
        [anchor.start, anchor.end],
        [at + inserted.length, at + inserted.length + 1],
        `after inserting "${inserted}"`,
      );
      assert.equal(anchor.status, 'moved');
    }
    // A longer quote, the inserted words starting with it ("dynamics rewards, a dynamics reward").
    const a = annotate(ABSTRACT, 'dynamics reward');
    const start = ABSTRACT.indexOf('dynamics reward');
    for (const inserted of ['dynamics rewards, a ', 'x', 'the learned ']) {
      const edited = ABSTRACT.slice(0, start) + inserted + ABSTRACT.slice(start);
      const anchor = anchorAnnotation(a, edited);
      assert.equal(anchor.start, start + inserted.length, `after inserting "${inserted}"`);
      assert.equal(slice(edited, anchor), 'dynamics reward');
      assert.equal(anchor.status, 'moved');
    }
  });

  test('a quote that occurs twice: prefix and suffix pick the one that was highlighted', () => {
    const text = `${ABSTRACT} We learn the dynamics reward from offline data.`;
    const second = annotate(text, 'dynamics reward', 1);
    const first = annotate(text, 'dynamics reward', 0);
    const edited = `Preface sentence about the setting. ${text}`;
    const a2 = anchorAnnotation(second, edited);
    assert.equal(a2.status, 'moved');
    assert.equal(a2.start, text.lastIndexOf('dynamics reward') + 36);
    const a1 = anchorAnnotation(first, edited);
    assert.equal(a1.start, text.indexOf('dynamics reward') + 36);
    // With the first copy's sentence rewritten around it, the second is still told apart by its context.
    const rewritten = text.replace(
      'termed dynamics reward that remains consistent',
      'called dynamics reward, which stays stable',
    );
    assert.equal(anchorAnnotation(second, rewritten).start, rewritten.lastIndexOf('dynamics reward'));
  });

  test('an insertion that brings the other copy to the old position does not fool it', () => {
    const text = 'alpha beta gamma. The quick fox jumps. delta epsilon. The quick fox jumps. zeta eta theta.';
    const first = text.indexOf('The quick fox');
    const second = text.lastIndexOf('The quick fox');
    const a = annotate(text, 'The quick fox', 1);
    const pad = 'x'.repeat(second - first - 1) + ' ';
    const edited = pad + text; // the first copy now sits at the second one's old offset
    assert.equal(edited.indexOf('The quick fox'), second);
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.start, second + pad.length);
  });

  test('an edited passage is found where it was even when an untouched copy exists elsewhere', () => {
    const text = `${ABSTRACT} We also note that models learned by fitting historical transitions are brittle.`;
    const a = annotate(text, 'learned by fitting historical transitions', 0);
    const edited = text.replace(
      'are learned by fitting historical transitions often',
      'are learned by fitting historic transitions often',
    );
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.status, 'fuzzy');
    assert.ok(anchor.start < ABSTRACT.length, `anchored in the first sentence, at ${anchor.start}`);
    assert.match(slice(edited, anchor), /learned by fitting historic transitions/);
  });

  test('a deleted quote is detached, even when similar words remain elsewhere', () => {
    const a = annotate(ABSTRACT, 'crucial for offline reinforcement learning');
    const edited = `${ABSTRACT.replace('can be crucial for offline reinforcement learning, which, unfortunately, has', 'has')} Online reinforcement learning is studied elsewhere.`;
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.status, 'detached');
  });

  test('rewritten beyond the error budget: detached', () => {
    const a = annotate(ABSTRACT, 'offering a pathway to better generalization');
    const edited = ABSTRACT.replace(
      'offering a pathway to better generalization',
      'giving a route towards improved transfer',
    );
    assert.equal(anchorAnnotation(a, edited).status, 'detached');
  });

  test('quotes at the very start and end of the text', () => {
    const start = annotate(ABSTRACT, 'Learning a precise');
    assert.equal(anchorAnnotation(start, ABSTRACT).status, 'exact');
    const fixedStart = anchorAnnotation(start, ABSTRACT.replace('Learning a precise', 'Learning a precice'));
    assert.equal(fixedStart.status, 'fuzzy');
    assert.equal(fixedStart.start, 0);
    const end = annotate(ABSTRACT, 'better generalization.');
    assert.equal(anchorAnnotation(end, `${ABSTRACT}\n`).status, 'exact');
  });

  test('a broken position selector falls back to the quote', () => {
    const anchor = anchorQuote(
      { exact: 'dynamics reward', prefix: '', suffix: '' },
      { start: 99999, end: -4 },
      ABSTRACT,
    );
    assert.equal(anchor.status, 'moved');
    assert.equal(slice(ABSTRACT, anchor), 'dynamics reward');
    assert.equal(anchorQuote({ exact: '', prefix: '', suffix: '' }, undefined, ABSTRACT).status, 'detached');
    assert.equal(anchorQuote({ exact: 'x', prefix: '', suffix: '' }, undefined, '').status, 'detached');
  });
});

// ---- Property-based: random texts of distinct words, random edit histories. ----
