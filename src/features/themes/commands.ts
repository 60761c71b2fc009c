import * as vscode from 'vscode';
import { parseTagList } from '../../core/papers';
import { sizesUnder } from '../../core/themes';
import { slugify } from '../../core/papers';
import { Paper, Theme } from '../../core/papers';
import { targetPaper } from '../papers/target';
import { Services } from '../services';
import { TreeNode } from '../tree/types';
import { moveToTheme, THEME_PREFIX, withMembers } from './moves';

/** The theme a command acts on: a theme row, a theme id, or one the user picks. */
async function targetTheme(services: Services, arg: unknown, title: string): Promise<Theme | undefined> {
  const { model } = services;
  if (typeof arg === 'string') return model.theme(arg);
  if (
    arg &&
    typeof arg === 'object' &&
    (arg as TreeNode).kind === 'group' &&
    (arg as TreeNode).id.startsWith(THEME_PREFIX)
  ) {
    return model.theme((arg as TreeNode).id.slice(THEME_PREFIX.length));
  }
  return pickTheme(services, title);
}

/** Quick pick rows of themes: a subtheme says which broad theme it is in, a broad theme how many subthemes it has. */
function themeChoices(services: Services, keep: (t: Theme) => boolean = () => true) {
  const themes = services.model.analysis?.themes ?? [];
  const sizes = sizesUnder(themes);
  const labels = new Map(themes.map((t) => [t.id, t.label]));
  const subthemes = new Map<string, number>();
  for (const t of themes) if (t.parent !== undefined) subthemes.set(t.parent, (subthemes.get(t.parent) ?? 0) + 1);
  return themes.filter(keep).map((t) => {
    const n = subthemes.get(t.id);
    const where = t.parent !== undefined ? ` · in ${labels.get(t.parent)}` : n ? ` in ${n} subthemes` : '';
    return {
      label: t.label,
      description: `${sizes.get(t.id)} papers${where}${t.user ? ' · your theme' : ''}`,
      theme: t,
    };
  });
}

async function pickTheme(services: Services, title: string): Promise<Theme | undefined> {
  const picked = await vscode.window.showQuickPick(themeChoices(services), { title, placeHolder: 'Theme' });
  return picked?.theme;
}

export async function renameTheme(services: Services, arg: unknown): Promise<void> {
  const theme = await targetTheme(services, arg, 'Rename Theme');
  if (!theme) return;
  const label = (
    await vscode.window.showInputBox({
      title: `Rename Theme "${theme.label}"`,
      value: theme.label,
      validateInput: (v) => (v.trim() ? undefined : 'A theme needs a name'),
    })
  )?.trim();
  if (!label || label === theme.label) return;
  await services.corrections.update((c) => {
    if (c.userThemes.some((u) => u.id === theme.id)) {
      return { ...c, userThemes: c.userThemes.map((u) => (u.id === theme.id ? { ...u, label } : u)) };
    }
    return withMembers({ ...c, renames: { ...c.renames, [theme.id]: label } }, services);
  });
}

/**
 * Creates a theme of the user's own, optionally collecting papers by keywords; moves `paper` there when given.
 * With `parent` (a broad theme), the new theme is one of its subthemes.
 */
export async function newTheme(services: Services, paper?: Paper, parent?: Theme): Promise<string | undefined> {
  const label = (
    await vscode.window.showInputBox({
      title: parent ? `New Subtheme of "${parent.label}"` : 'New Theme',
      prompt: 'Name of the theme',
      validateInput: (v) => (v.trim() ? undefined : 'A theme needs a name'),
    })
  )?.trim();
  if (!label) return undefined;
  const keywordText = await vscode.window.showInputBox({
    title: `New Theme "${label}"`,
    prompt: 'Optional: words or phrases, comma separated; papers whose abstract contains one join the theme',
    placeHolder: 'e.g. world model, dreamer',
  });
  if (keywordText === undefined) return undefined;
  const keywords = parseTagList(keywordText);
  const used = new Set([...(services.model.analysis?.themes ?? []).map((t) => t.id)]);
  let id = `user-${slugify(label)}`;
  for (let n = 2; used.has(id); n++) id = `user-${slugify(label)}-${n}`;
  const userTheme = parent ? { id, label, keywords, parent: parent.id } : { id, label, keywords };
  await services.corrections.update((c) => ({
    ...c,
    userThemes: [...c.userThemes, userTheme],
    moves: paper ? { ...c.moves, [paper.id]: id } : c.moves,
  }));
  return id;
}

/** A subtheme of the user's own inside a broad theme (a theme row's context menu, or picked). */
async function newSubtheme(services: Services, arg: unknown): Promise<void> {
  const themes = services.model.analysis?.themes ?? [];
  const broad = new Set(themes.filter((t) => t.parent !== undefined).map((t) => t.parent));
  if (broad.size === 0) {
    void vscode.window.showInformationMessage(
      'Papers: this library has one level of themes; use New Theme… to add one of your own.',
    );
    return;
  }
  const parent =
    arg === undefined
      ? (
          await vscode.window.showQuickPick(
            themeChoices(services, (t) => broad.has(t.id)),
            { title: 'New Subtheme', placeHolder: 'Broad theme' },
          )
        )?.theme
      : await targetTheme(services, arg, 'New Subtheme');
  if (parent && parent.parent === undefined) await newTheme(services, undefined, parent);
}

/** The commands that correct themes: rename, new theme, move or pin papers, reset. */
export function registerThemeCommands(context: vscode.ExtensionContext, services: Services): void {
  const { corrections } = services;
  const paperArg = (arg: unknown, title: string) => targetPaper(services, arg, title);
  context.subscriptions.push(
    vscode.commands.registerCommand('papers.renameTheme', (arg?: unknown) => renameTheme(services, arg)),
    vscode.commands.registerCommand('papers.newTheme', () => newTheme(services)),
    vscode.commands.registerCommand('papers.newSubtheme', (arg?: unknown) => newSubtheme(services, arg)),
    vscode.commands.registerCommand('papers.moveToTheme', async (arg?: unknown, themeId?: string) => {
      const paper = await paperArg(arg, 'Move to Theme');
      if (!paper) return;
      const NEW = '$(add) New Theme…';
      let target = themeId;
      if (!target) {
        const themes = themeChoices(services, (t) => t.id !== paper.theme);
        const picked = await vscode.window.showQuickPick(
          [...themes.map((c) => ({ ...c, id: c.theme.id })), { label: NEW, description: '', id: '' }],
          { title: `Move "${paper.title}" to Theme` },
        );
        if (!picked) return;
        if (!picked.id) {
          await newTheme(services, paper); // creates the theme and moves the paper there
          return;
        }
        target = picked.id;
      }
      if (target) await moveToTheme(services, [paper], target);
    }),
    vscode.commands.registerCommand('papers.pinToTheme', async (arg?: unknown) => {
      const paper = await paperArg(arg, 'Pin to Theme');
      if (paper?.theme) await moveToTheme(services, [paper], paper.theme);
    }),
    vscode.commands.registerCommand('papers.resetThemes', async () => {
      const c = corrections.corrections;
      const count = Object.keys(c.renames).length + Object.keys(c.moves).length + c.userThemes.length;
      if (count === 0) {
        void vscode.window.showInformationMessage('Papers: there are no theme corrections to reset.');
        return;
      }
      const ok = await vscode.window.showWarningMessage(
        `Forget all ${count} theme correction${count === 1 ? '' : 's'} (renames, moved and pinned papers, your own themes)?`,
        {
          modal: true,
          detail:
            'The themes go back to the automatic grouping. The corrections stay in your git history (.papers/themes.json).',
        },
        'Reset Themes',
      );
      if (ok) await corrections.reset();
    }),
  );
}
