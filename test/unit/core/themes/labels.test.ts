// Theme labels are noun phrases: made-up abstracts where the distinctive phrase is always written after an
// adverb or a verb (so the phrase statistics alone would extend the label into them), and noun phrases
// that look like verbs by their endings but are not used as verbs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { labelThemes } from '../../../../src/core/themes/labels';

describe('labelThemes', () => {
  /** A second theme, so that the first one's phrases are distinctive against something. */
  const bees = [
    'Honey bees forage on clover when the meadows bloom in June.',
    'Colonies of honey bees lose workers to mites over the winter.',
    'We mark honey bees with paint dots to follow their flights.',
    'Honey bees in cities find more kinds of pollen than rural hives.',
    'Wild honey bees swarm when a hive grows too crowded.',
    'Honey bees dance to tell nestmates where nectar is found.',
  ];
  const labelsOf = (theme: string[]) =>
    labelThemes([...theme, ...bees], [theme.map((_, i) => i), bees.map((_, i) => theme.length + i)]);

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

  test('labels: two phrases sharing a head word join as "A and B heads", plural when either is written in the plural', () => {
    const art = [
      'We train a generative model of molecules with a new loss and report gains.',
      'A generative model of proteins is sampled with fewer steps in our study.',
      'A large generative model for music is distilled into a small one here.',
      'Diffusion models for sketches are guided by text prompts we collect.',
      'Our diffusion models remove noise from satellite images at scale.',
      'The diffusion models we propose render faces from rough layouts.',
    ];
    const soil = [
      'Soil bacteria fix nitrogen in dry fields during long droughts.',
      'Soil bacteria respond to rain pulses with bursts of activity.',
      'We count soil bacteria in forest plots across the seasons.',
      'Soil bacteria in cold regions grow slowly under snow cover.',
      'Farm soil bacteria change after tilling and cover crops.',
      'Soil bacteria trade nutrients with plant roots near the surface.',
    ];
    const labels = labelThemes(
      [...art, ...soil],
      [
        [0, 1, 2, 3, 4, 5],
        [6, 7, 8, 9, 10, 11],
      ],
    );
    assert.match(labels[0], /^(Diffusion and generative|Generative and diffusion) models$/);
    assert.equal(labels[1], 'Soil bacteria');
  });
});
