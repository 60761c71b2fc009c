import * as vscode from 'vscode';
import { addTags, normalizeTag, parseTagList, removeTags, tagCounts } from '../../core/papers';
import { Paper } from '../../core/papers';
import { Services } from '../services';

/** All tags in use, most used first. */
export function allTags(services: Pick<Services, 'userData'>): { tag: string; count: number }[] {
  return tagCounts(services.userData.idsWithData().map((id) => services.userData.data(id).tags));
}

export function tagsOf(services: Pick<Services, 'userData'>, id: string): string[] {
  return services.userData.data(id).tags ?? [];
}

/** Asks for tags to add: existing tags to pick from, or new ones typed ("a, b" adds two). */
export async function promptAddTags(services: Services, paper: Paper): Promise<void> {
  const current = new Set(tagsOf(services, paper.id).map((t) => t.toLowerCase()));
  const existing = allTags(services).filter((t) => !current.has(t.tag.toLowerCase()));
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { tag: string }>();
  qp.title = `Add Tag to "${paper.title}"`;
  qp.placeholder = 'Pick tags or type new ones (comma separated), then Enter';
  qp.canSelectMany = true;
  const base = existing.map((t) => ({
    label: t.tag,
    description: `${t.count} paper${t.count === 1 ? '' : 's'}`,
    tag: t.tag,
  }));
  qp.items = base;
  qp.onDidChangeValue((value) => {
    const typed = parseTagList(value).filter(
      (t) => !current.has(t.toLowerCase()) && !existing.some((e) => e.tag.toLowerCase() === t.toLowerCase()),
    );
    const keep = qp.selectedItems;
    qp.items = [...typed.map((t) => ({ label: t, description: 'new tag', tag: t, alwaysShow: true })), ...base];
    qp.selectedItems = keep.filter((k) => qp.items.some((i) => i.tag === k.tag));
  });
  const chosen = await new Promise<string[] | undefined>((resolve) => {
    let accepted = false;
    qp.onDidAccept(() => {
      accepted = true;
      const picked = qp.selectedItems.map((i) => i.tag);
      resolve([...picked, ...parseTagList(qp.value)]);
      qp.hide();
    });
    qp.onDidHide(() => {
      if (!accepted) resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
  const tags = (chosen ?? []).map(normalizeTag).filter((t) => t !== '');
  if (tags.length) await services.userData.update(paper.id, (d) => ({ ...d, tags: addTags(d.tags, tags) }));
}

export async function promptRemoveTags(services: Services, paper: Paper): Promise<void> {
  const tags = tagsOf(services, paper.id);
  if (tags.length === 0) {
    void vscode.window.showInformationMessage(`"${paper.title}" has no tags.`);
    return;
  }
  const picked = await vscode.window.showQuickPick(
    tags.map((t) => ({ label: t })),
    { title: `Remove Tag from "${paper.title}"`, canPickMany: true },
  );
  if (picked?.length)
    await services.userData.update(paper.id, (d) => ({
      ...d,
      tags: removeTags(
        d.tags,
        picked.map((p) => p.label),
      ),
    }));
}
