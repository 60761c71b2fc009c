import { recordThemeMembers, StoredCorrections } from '../../core/themes';
import { Paper } from '../../core/papers';
import { Services } from '../services';

/** The prefix of a theme group's id in the tree. */
export const THEME_PREFIX = 'theme:';

/**
 * Records, with a correction naming computed themes, which papers each of them holds (see themeMembers): the
 * computed themes as grouped, so a broad theme's signature is the papers under it, its subthemes' included.
 */
export function withMembers(c: StoredCorrections, services: Pick<Services, 'model'>): StoredCorrections {
  const computed = services.model.analysis?.computedThemes;
  if (!computed) return c;
  return { ...c, themeMembers: recordThemeMembers(c, computed).themeMembers ?? c.themeMembers };
}

/** Moves papers to a theme (a subtheme or a broad theme): a correction on top of the automatic grouping. */
export async function moveToTheme(
  services: Pick<Services, 'model' | 'corrections'>,
  papers: Paper[],
  themeId: string,
): Promise<void> {
  await services.corrections.update((c) => {
    const moves = { ...c.moves };
    for (const p of papers) moves[p.id] = themeId;
    return withMembers({ ...c, moves }, services);
  });
}
