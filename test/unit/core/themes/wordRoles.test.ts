// Theme labels are noun phrases: made-up abstracts where the distinctive phrase is always written after an
// adverb or a verb (so the phrase statistics alone would extend the label into them), and noun phrases
// that look like verbs by their endings but are not used as verbs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelThemes } from '../../../../src/core/themes/labels';
import { continuesNounPhrase, countUses, emptyUse, isNounPhrase, nounPhraseStart, opensNounPhrase, quantityNoun, verbal } from '../../../../src/core/themes/wordRoles';
import { PhraseReader } from '../../../../src/core/themes/phraseDocs';

/** A second theme, so that the first one's phrases are distinctive against something. */
const bees = [
  'Honey bees forage on clover when the meadows bloom in June.',
  'Colonies of honey bees lose workers to mites over the winter.',
  'We mark honey bees with paint dots to follow their flights.',
  'Honey bees in cities find more kinds of pollen than rural hives.',
  'Wild honey bees swarm when a hive grows too crowded.',
  'Honey bees dance to tell nestmates where nectar is found.',
];
const labelsOf = (theme: string[]) => labelThemes([...theme, ...bees], [theme.map((_, i) => i), bees.map((_, i) => theme.length + i)]);

/** How `word` is used in the texts, read as the labeller reads them. */
function useIn(texts: string[], word: string) {
  const reader = new PhraseReader(texts);
  const use = emptyUse();
  texts.forEach((_, i) => countUses(reader.detail(i, reader.read(i)), word, use));
  return use;
}

test('word roles: determiners and prepositions before a word make it a noun, subjects, modals and a following determiner a verb', () => {
  const texts = ['We cultivate the vines.', 'Farmers can cultivate a plot.', 'The harvest of the vines came early.', 'A harvest in dry years is small.', 'The harvest ends, thereafter we rest, thereafter they sleep.'];
  assert.ok(verbal('cultivate', useIn(texts, 'cultivate')));
  assert.ok(!opensNounPhrase('cultivate', useIn(texts, 'cultivate')));
  assert.ok(!verbal('harvest', useIn(texts, 'harvest')));
  assert.ok(opensNounPhrase('harvest', useIn(texts, 'harvest')));
  // Seen three times, never after a determiner or a preposition: an adverb, not a modifier.
  assert.ok(!opensNounPhrase('thereafter', useIn([...texts, 'Rain came, thereafter fields rest.'], 'thereafter')));
  // Too rare to tell: no verdict against it.
  assert.ok(opensNounPhrase('thereafter', useIn(texts, 'thereafter')));
  // A determiner across a sentence end or a comma is not the word's object.
  assert.equal(useIn(['We grow vines. The harvest follows.', 'Among vines, the harvest follows.'], 'vine').verbSlot, 0);
  // An -ing head after a modifier is a noun even when the word also takes objects ("tuning the model").
  assert.ok(continuesNounPhrase('fine-tuning', useIn(['We use fine-tuning the model.', 'We are fine-tuning a model.'], 'fine-tuning')));
});

// Made-up themes and the label each must get: phrases written after an adverb, as a verb's object or past a
// third-person verb, and noun phrases that only look like verbs.
const labelCases: { name: string; abstracts: string[]; label: string }[] = [
  {
    name: 'labels: a phrase always written after a sentence adverb is labelled without the adverb',
    abstracts: [
      'Warm shallow corals, henceforth coral reefs, bleach when the sea warms for weeks.',
      'Tropical corals, henceforth coral reefs, host fish that graze on algae at night.',
      'Many corals, henceforth coral reefs, recover slowly after storms break their branches.',
      'Corals in lagoons, henceforth coral reefs, trap sediment and protect the shore.',
      'Deep corals, henceforth coral reefs, grow in dim light on steep walls.',
      'Atlantic corals, henceforth coral reefs, spawn on a few nights each year.',
      'The decline of coral reefs worries divers and fishers alike.',
    ],
    label: 'Coral reefs',
  },
  {
    name: 'labels: a phrase always written as the object of a verb is labelled without the verb',
    abstracts: [
      'Gardeners cultivate heirloom tomatoes in raised beds with compost from kitchen waste.',
      'Small farms cultivate heirloom tomatoes for local markets and sell seeds to neighbours.',
      'We cultivate heirloom tomatoes under shade cloth to limit sunscald on the fruit.',
      'Schools cultivate heirloom tomatoes so that pupils learn how plants set fruit.',
      'Monks cultivate heirloom tomatoes on terraces watered from a mountain spring.',
      'Families cultivate heirloom tomatoes on balconies in crowded cities.',
    ],
    label: 'Heirloom tomatoes',
  },
  {
    name: 'labels: a third-person verb inside a run of words ends the noun phrase ("the planner designs irrigation schedules")',
    abstracts: [
      'On each farm the planner designs irrigation schedules from soil moisture probes.',
      'For orchards the planner designs irrigation schedules that save water in summer.',
      'In vineyards the planner designs irrigation schedules around the ripening of grapes.',
      'For rice paddies the planner designs irrigation schedules that follow the monsoon.',
      'In greenhouses the planner designs irrigation schedules for each bench of seedlings.',
      'We design a planner, they design the pumps; a design for pumps is shown.',
    ],
    label: 'Irrigation schedules',
  },
  {
    name: 'labels: noun phrases with a plural modifier or an -ing head stay labels',
    abstracts: [
      'Operations research is used to schedule nurses across hospital wards with integer programs.',
      'Methods of operations research are used to route delivery vans through dense city centres.',
      'With operations research, the timetable of trains on a busy single track is set.',
      'Classic operations research helps in planning the loading of ships at a container port.',
      'In operations research, warehouse stocks are sized under uncertain demand.',
      'Operations research is used for allocating beds in intensive care during a flu season.',
    ],
    label: 'Operations research',
  },
];

for (const c of labelCases) {
  test(c.name, () => {
    const [label] = labelsOf(c.abstracts);
    assert.equal(label, c.label);
  });
}

test('word roles: a word mostly followed by "of" is a quantity, a word written with and without -s before other words agrees with subjects', () => {
  const texts = ['A wide range of soils is seen.', 'The range of birds grew.', 'A range of tests was run.', 'The mountain range rises.', 'Pumps incur steep costs.', 'The pump incurs steep costs.', 'Pumps incur heavy wear.'];
  assert.ok(quantityNoun(useIn(texts, 'range')));
  assert.ok(!quantityNoun(useIn(texts, 'pump')));
  assert.ok(verbal('incur', useIn(texts, 'incur')));
  // One form before other words, and seen after a determiner: a noun modifier, not a verb.
  assert.ok(!verbal('mountain', useIn([...texts, 'A mountain pass. The mountain hut. Mountain goats climb.'], 'mountain')));
});

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
  assert.ok(!isNounPhrase(['models', 'disregard', 'correct', 'answers'], ['model', 'disregard', 'correct', 'answer'], (j) => useOf(['model', 'disregard', 'correct', 'answer'][j])));
});
