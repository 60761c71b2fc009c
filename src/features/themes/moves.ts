import { StoredCorrections } from '../../core/themes';
import { Paper } from '../../core/papers';
import { Services } from '../services';

/** The prefix of a theme group's id in the tree. */
export const THEME_PREFIX = 'theme:';

/** Records, with a correction naming a computed theme, which papers it held (see themeMembers). */
export function withMembers(
  c: StoredCorrections,
  services: Pick<Services, 'model' | 'corrections'>,
  themeId: string,
): StoredCorrections {
  const computed = services.model.analysis?.computedThemes.find((t) => t.id === themeId);
  if (!computed) return c;
  return { ...c, themeMembers: { ...c.themeMembers, [themeId]: computed.paperIds } };
}

/** Moves papers to a theme: a correction on top of the automatic grouping. */
export async function moveToTheme(
  services: Pick<Services, 'model' | 'corrections'>,
  papers: Paper[],
  themeId: string,
): Promise<void> {
  await services.corrections.update((c) => {
    const moves = { ...c.moves };
    for (const p of papers) moves[p.id] = themeId;
    return withMembers({ ...c, moves }, services, themeId);
  });
}
