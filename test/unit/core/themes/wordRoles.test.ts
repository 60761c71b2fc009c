// How the theme labeller reads a word's role (noun, verb, quantity) and where a noun phrase starts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  continuesNounPhrase,
  countUses,
  emptyUse,
  isNounPhrase,
  nounPhraseStart,
  opensNounPhrase,
  quantityNoun,
  verbal,
} from '../../../../src/core/themes/wordRoles';
import { PhraseReader } from '../../../../src/core/themes/phraseDocs';

/** How `word` is used in the texts, read as the labeller reads them. */
function useIn(texts: string[], word: string) {
  const reader = new PhraseReader(texts);
  const use = emptyUse();
  texts.forEach((_, i) => countUses(reader.detail(i, reader.read(i)), word, use));
  return use;
}

describe('countUses', () => {
  test('word roles: determiners and prepositions before a word make it a noun, subjects, modals and a following determiner a verb', () => {
    const texts = [
      'We cultivate the vines.',
      'Farmers can cultivate a plot.',
      'The harvest of the vines came early.',
      'A harvest in dry years is small.',
      'The harvest ends, thereafter we rest, thereafter they sleep.',
    ];
    assert.ok(verbal('cultivate', useIn(texts, 'cultivate')));
    assert.ok(!opensNounPhrase('cultivate', useIn(texts, 'cultivate')));
    assert.ok(!verbal('harvest', useIn(texts, 'harvest')));
    assert.ok(opensNounPhrase('harvest', useIn(texts, 'harvest')));
    // Seen three times, never after a determiner or a preposition: an adverb, not a modifier.
    assert.ok(!opensNounPhrase('thereafter', useIn([...texts, 'Rain came, thereafter fields rest.'], 'thereafter')));
    // Too rare to tell: no verdict against it.
    assert.ok(opensNounPhrase('thereafter', useIn(texts, 'thereafter')));
    // A determiner across a sentence end or a comma is not the word's object.
    assert.equal(
      useIn(['We grow vines. The harvest follows.', 'Among vines, the harvest follows.'], 'vine').verbSlot,
      0,
    );
    // An -ing head after a modifier is a noun even when the word also takes objects ("tuning the model").
    assert.ok(
      continuesNounPhrase(
        'fine-tuning',
        useIn(['We use fine-tuning the model.', 'We are fine-tuning a model.'], 'fine-tuning'),
      ),
    );
  });

  test('word roles: a word mostly followed by "of" is a quantity, a word written with and without -s before other words agrees with subjects', () => {
    const texts = [
      'A wide range of soils is seen.',
      'The range of birds grew.',
      'A range of tests was run.',
      'The mountain range rises.',
      'Pumps incur steep costs.',
      'The pump incurs steep costs.',
      'Pumps incur heavy wear.',
    ];
    assert.ok(quantityNoun(useIn(texts, 'range')));
    assert.ok(!quantityNoun(useIn(texts, 'pump')));
    assert.ok(verbal('incur', useIn(texts, 'incur')));
    // One form before other words, and seen after a determiner: a noun modifier, not a verb.
    assert.ok(
      !verbal('mountain', useIn([...texts, 'A mountain pass. The mountain hut. Mountain goats climb.'], 'mountain')),
    );
  });
});

describe('nounPhraseStart', () => {
  test('noun phrase start: past an adverb, past a plural subject and its verb, past a verb to its object', () => {
    const texts = [
      'Glaciers retreat, henceforth ice loss, faster. Glaciers, henceforth ice loss, shrink. Lakes, henceforth ice loss, rise.',
      'The models disregard correct answers. Models of the sea and the models we fit. Model size and model error grow.',
      'We carve wooden spoons. They carve the boards and can carve a bowl. She carves wooden spoons.',
    ];
    const reader = new PhraseReader(texts);
    const docs = texts.map((_, i) => reader.detail(i, reader.read(i)));
    const useOf = (word: string) => {
      const use = emptyUse();
      for (const d of docs) countUses(d, word, use);
      return use;
    };
    const start = (written: string) => {
      const words = written.split(' ').map((w) => w.toLowerCase().replace(/s$/, ''));
      return nounPhraseStart(written.split(' '), words, (j) => useOf(words[j]));
    };
    assert.equal(start('henceforth ice loss'), 1);
    assert.equal(start('models disregard correct answers'), 2);
    assert.equal(start('carves wooden spoons'), 1);
    assert.equal(start('ice loss'), 0);
    assert.ok(
      !isNounPhrase(['models', 'disregard', 'correct', 'answers'], ['model', 'disregard', 'correct', 'answer'], (j) =>
        useOf(['model', 'disregard', 'correct', 'answer'][j]),
      ),
    );
  });
});
