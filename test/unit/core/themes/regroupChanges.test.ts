import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { regroupDiff } from '../../../../src/core/themes/regroupDiff';
import { regroupSections, regroupSummary } from '../../../../src/core/themes/regroupChanges';
import { ids, regroupFixture, theme } from '../../../helpers/regroupFixture';

const { before, after } = regroupFixture();

/** Each section as its kind and the changes' titles; each change's flows as "from → to: papers". */
function outline(sections: ReturnType<typeof regroupSections>) {
  return sections.map((s) => ({
    section: s.title,
    changes: s.changes.map((c) => ({
      title: c.title,
      flows: c.flows.map(
        ({ direction, flow }) =>
          `${direction} ${flow.from?.label ?? '(just added)'} → ${flow.to.label}: ${flow.paperIds.join(' ')}`,
      ),
    })),
  }));
}

describe('regroupSections', () => {
  test('every change of the diff, by kind, with the papers it moves', () => {
    const sections = regroupSections(regroupDiff(before, after), before, after);
    assert.deepEqual(outline(sections), [
      {
        section: 'Renamed',
        changes: [
          {
            title: 'Offline RL → Offline reinforcement learning',
            flows: ['in Misc → Offline reinforcement learning: g0 g1'],
          },
        ],
      },
      {
        section: 'Split',
        changes: [
          {
            title: 'Diffusion models',
            flows: [
              `out Diffusion models → Image diffusion: ${ids('d', 12).join(' ')}`,
              `out Diffusion models → Video diffusion: ${ids('d', 8, 12).join(' ')}`,
            ],
          },
        ],
      },
      {
        section: 'Merged',
        changes: [
          {
            title: 'Graph networks',
            flows: [
              'in Graph networks → Graph networks: a0 a1 a2 a3',
              'in Message passing → Graph networks: b0 b1 b2 b3',
            ],
          },
        ],
      },
      { section: 'New', changes: [{ title: 'LLM agents', flows: ['in (just added) → LLM agents: x0 x1 x2 x3 x4'] }] },
      {
        section: 'Gone',
        changes: [
          {
            title: 'Misc',
            flows: [
              'out Misc → Image diffusion: g2 g3',
              'out Misc → Offline reinforcement learning: g0 g1',
              'out Misc → Video diffusion: g4 g5',
            ],
          },
        ],
      },
    ]);
    // the user's theme is in no flow: a regroup never touches it
    const all = sections.flatMap((s) => s.changes.flatMap((c) => c.flows.flatMap((f) => f.flow.paperIds)));
    assert.ok(!all.some((id) => id.startsWith('u')));
  });

  test('a kept theme that loses papers lists where they go; one that loses none is no change', () => {
    const was = [theme('t', 'Transformers', ids('t', 20)), theme('r', 'Robots', ids('r', 30))];
    const now = [
      theme('t2', 'Transformers', ids('t', 17)),
      theme('r2', 'Robots', [...ids('r', 30), ...ids('t', 3, 17)]),
    ];
    const sections = regroupSections(regroupDiff(was, now), was, now);
    assert.deepEqual(outline(sections), [
      {
        section: 'Papers leaving kept themes',
        changes: [{ title: 'Transformers', flows: ['out Transformers → Robots: t17 t18 t19'] }],
      },
    ]);
    assert.equal(sections[0].changes[0].detail, '3 papers go to 1 theme');
  });

  test('broad themes: their sections first, flows between broad themes', () => {
    const was = [
      theme('ml', 'Machine learning', []),
      theme('cv', 'Vision', []),
      theme('m1', 'Optimizers', ids('m', 10), { parent: 'ml' }),
      theme('c1', 'Detection', ids('c', 10), { parent: 'cv' }),
    ];
    const now = [
      theme('ai', 'Artificial intelligence', []),
      theme('m1', 'Optimizers', ids('m', 10), { parent: 'ai' }),
      theme('c1', 'Detection', ids('c', 10), { parent: 'ai' }),
    ];
    const sections = regroupSections(regroupDiff(was, now), was, now);
    assert.deepEqual(
      sections.map((s) => s.title),
      ['Merged (broad themes)'],
    );
    assert.deepEqual(outline(sections)[0].changes[0].flows, [
      `in Machine learning → Artificial intelligence: ${ids('m', 10).join(' ')}`,
      `in Vision → Artificial intelligence: ${ids('c', 10).join(' ')}`,
    ]);
  });

  test('a grouping against itself: no section', () => {
    assert.deepEqual(regroupSections(regroupDiff(before, before), before, before), []);
  });
});

describe('regroupSummary', () => {
  test('the papers that move and stay, then the themes', () => {
    assert.equal(
      regroupSummary(regroupDiff(before, after)),
      '12 papers would move, 32 stay; 1 theme kept (1 renamed), 1 split, 1 merged, 1 new, 1 gone',
    );
    assert.equal(regroupSummary(regroupDiff(before, before)), 'No paper would move (44 papers stay); 5 themes kept');
  });
});
