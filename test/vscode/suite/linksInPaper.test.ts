import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import type { TreeNode } from '../../../src/features/tree/types';
import { papersApi } from './papersApi';
import { until } from './until';

async function api(): Promise<PapersApi> {
  const a = await papersApi(110_000);
  await a.links.ready;
  return a;
}

const uri = (...parts: string[]) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, ...parts);
const write = (u: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(u, new TextEncoder().encode(text));

const CODE = `// made-up module for the tree test
export function warmup(steps: number): number[] {
  const rates: number[] = [];
  for (let i = 0; i < steps; i++) rates.push((i + 1) / steps);
  return rates;
}

export function cosineDecay(step: number, total: number): number {
  return 0.5 * (1 + Math.cos((Math.PI * step) / total));
}
`;

suite("A paper's code links in the tree", () => {
  const file = uri('src', 'schedule-links.ts');
  let paperId = '';
  let linkIds: string[] = [];

  suiteSetup(async function () {
    this.timeout(120_000);
    const { services } = await api();
    // A paper no other suite links: the last one with a method.
    paperId = [...services.model.analysis!.papers].reverse().find((p) => p.method)!.id;
    await write(file, CODE);
    const editor = await vscode.window.showTextDocument(file);
    editor.selection = new vscode.Selection(7, 0, 9, 1); // cosineDecay
    const second = (await vscode.commands.executeCommand<string>('papers.linkSelection', paperId, {
      note: 'the decay of section 4',
    }))!;
    editor.selection = new vscode.Selection(1, 0, 5, 1); // warmup
    const first = (await vscode.commands.executeCommand<string>('papers.linkSelection', paperId, {}))!;
    linkIds = [first, second];
  });

  suiteTeardown(async () => {
    for (const id of linkIds)
      await vscode.commands.executeCommand('papers.unlink', id).then(undefined, () => undefined);
  });

  const linkRows = async (): Promise<TreeNode[]> => {
    const { tree } = await api();
    const node = await until('the paper in the tree', () => tree.nodeOf(paperId));
    return tree.children(node);
  };

  test('the paper row opens to its links, in file order: label file:lines, description the linked text', async () => {
    const { tree } = await api();
    const paperItem = tree.getTreeItem(tree.nodeOf(paperId)!);
    assert.equal(
      paperItem.collapsibleState,
      vscode.TreeItemCollapsibleState.Collapsed,
      'a linked paper can be expanded',
    );
    const rows = await linkRows();
    assert.deepEqual(
      rows.map((r) => r.kind),
      ['link', 'link'],
    );
    const items = rows.map((r) => tree.getTreeItem(r));
    assert.deepEqual(
      items.map((i) => i.label),
      ['schedule-links.ts:2-6', 'schedule-links.ts:8-10'],
    );
    assert.deepEqual(
      items.map((i) => i.description),
      [
        'export function warmup(steps: number): number[] {',
        'export function cosineDecay(step: number, total: number): number {',
      ],
    );
    assert.deepEqual(
      items.map((i) => (i.iconPath as vscode.ThemeIcon).id),
      ['link', 'link'],
    );
    assert.deepEqual(
      items.map((i) => i.contextValue),
      ['paperLink', 'paperLink'],
    );
    assert.ok(
      (items[1].tooltip as vscode.MarkdownString).value.includes('the decay of section 4'),
      'the note is in the tooltip',
    );
    assert.equal(tree.getParent(rows[0])?.kind, 'paper');
    // A paper without links has no children and cannot be expanded.
    const other = tree
      .children(tree.children().find((g) => g.kind === 'group'))
      .find((n) => n.kind === 'paper' && n.id !== paperId)!;
    assert.equal(tree.getTreeItem(other).collapsibleState, vscode.TreeItemCollapsibleState.None);
  });

  test('clicking a link row opens the file with the linked range selected', async () => {
    const { tree, links } = await api();
    const rows = await linkRows();
    assert.equal(
      rows.length,
      2,
      `the links now: ${JSON.stringify(links.linksOf(paperId).map((l) => [l.file, l.range.start.line, l.status]))}`,
    );
    const item = tree.getTreeItem(rows[1]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      item.command!.command,
      ...(item.command!.arguments ?? []),
    );
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), file.toString());
    assert.equal(editor.selection.start.line, 7);
    assert.equal(editor.selection.end.line, 9);
    // The inline "Open" of the row's menu gets the row itself.
    const byRow = await vscode.commands.executeCommand<vscode.TextEditor>('papers.openLink', (await linkRows())[0]);
    assert.equal(byRow.selection.start.line, 1);
  });

  test('a link whose text was deleted is shown stale (warning icon, "stale" first), still under its paper', async () => {
    const { tree } = await api();
    const editor = await vscode.window.showTextDocument(file);
    await editor.edit((e) => e.delete(new vscode.Range(6, 0, 10, 0)));
    const decayRow = async () => (await linkRows()).find((r) => r.kind === 'link' && r.linkId === linkIds[1]);
    await until('the stale row', async () => {
      const row = await decayRow();
      return row && tree.getTreeItem(row).contextValue === 'paperLink stale';
    });
    assert.equal((await linkRows()).length, 2, 'the stale link is still listed');
    const item = tree.getTreeItem((await decayRow())!);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.match(String(item.description), /^stale · export function cosineDecay/);
    await editor.document.save();
  });
});
