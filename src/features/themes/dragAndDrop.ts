import * as vscode from 'vscode';
import { Paper } from '../../core/papers';
import { dropCollections } from '../collections/import';
import { Services } from '../services';
import { TreeNode } from '../tree/types';
import { moveToTheme, THEME_PREFIX } from './moves';

/**
 * Drag papers onto a theme row (a broad theme or a subtheme; or onto a paper, to its theme) to move them there; drop
 * collection files anywhere on the tree to import them.
 */
export class ThemeDragAndDrop implements vscode.TreeDragAndDropController<TreeNode> {
  static readonly MIME = 'application/vnd.code.tree.papers.tree';
  readonly dragMimeTypes = [ThemeDragAndDrop.MIME];
  readonly dropMimeTypes = [ThemeDragAndDrop.MIME, 'text/uri-list', 'files'];

  constructor(private readonly services: Pick<Services, 'model' | 'corrections'>) {}

  handleDrag(source: readonly TreeNode[], data: vscode.DataTransfer): void {
    const ids = source.filter((n) => n.kind === 'paper').map((n) => n.id);
    if (ids.length) data.set(ThemeDragAndDrop.MIME, new vscode.DataTransferItem(ids));
  }

  async handleDrop(target: TreeNode | undefined, data: vscode.DataTransfer): Promise<void> {
    const item = data.get(ThemeDragAndDrop.MIME);
    if (!item) {
      await dropCollections(this.services, data);
      return;
    }
    if (!target || target.kind === 'advice') return;
    const groupId =
      target.kind === 'group' || target.kind === 'new' || target.kind === 'forYou' ? target.id : target.groupId;
    if (!groupId.startsWith(THEME_PREFIX)) {
      void vscode.window.showInformationMessage(
        'Papers: drop papers on a theme (group the tree by theme) to move them there.',
      );
      return;
    }
    const ids: string[] = typeof item.value === 'string' ? JSON.parse(item.value) : item.value;
    const papers = ids.map((id) => this.services.model.paper(id)).filter((p): p is Paper => p !== undefined);
    const themeId = groupId.slice(THEME_PREFIX.length);
    const moving = papers.filter((p) => p.theme !== themeId);
    if (moving.length) await moveToTheme(this.services, moving, themeId);
  }
}
