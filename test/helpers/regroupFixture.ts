import { Theme } from '../../src/core/papers/types';

/** `n` paper ids `${prefix}${from}`, `${prefix}${from + 1}`, … */
export const ids = (prefix: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => `${prefix}${from + i}`);

export const theme = (id: string, label: string, paperIds: string[], more: Partial<Theme> = {}): Theme => ({
  id,
  label,
  paperIds,
  ...more,
});

/**
 * A grouping and its regroup with one change of each kind: a rename (Offline RL), a split (Diffusion models), a
 * merge (the two graph themes), a new theme of just-added papers (LLM agents), a theme gone (Misc), and the user's
 * own theme kept. `graphLabel` names the first graph theme and the merged one (a label that needs escaping tests it).
 */
export function regroupFixture(graphLabel = 'Graph networks'): { before: Theme[]; after: Theme[] } {
  return {
    before: [
      theme('offline-rl', 'Offline RL', ids('o', 10)),
      theme('diffusion', 'Diffusion models', ids('d', 20)),
      theme('a', graphLabel, ids('a', 4)),
      theme('b', 'Message passing', ids('b', 4)),
      theme('g', 'Misc', ids('g', 6)),
      theme('mine', 'To read', ids('u', 2), { user: true }),
    ],
    after: [
      theme('orl', 'Offline reinforcement learning', [...ids('o', 10), ...ids('g', 2)]),
      theme('img', 'Image diffusion', [...ids('d', 12), ...ids('g', 2, 2)]),
      theme('vid', 'Video diffusion', [...ids('d', 8, 12), ...ids('g', 2, 4)]),
      theme('gnn', graphLabel, [...ids('a', 4), ...ids('b', 4)]),
      theme('agents', 'LLM agents', ids('x', 5)),
      theme('mine', 'To read', ids('u', 2), { user: true }),
    ],
  };
}
