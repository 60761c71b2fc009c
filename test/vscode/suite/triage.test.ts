import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { GroupNode } from '../../../src/features/tree/types';
import { papersApi } from './papersApi';
import { until } from './until';

/** A theme of the seeds with at least four papers, and its papers as the tree lists them. */
async function aTheme(): Promise<{ groupId: string; ids: readonly string[] }> {
  const { tree } = await papersApi(60_000);
  const groups = tree.children().filter((n): n is GroupNode => n.kind === 'group');
  for (const g of [...groups, ...groups.flatMap((g) => g.subgroups ?? [])]) {
    const list = tree.listOf(g.id);
    if (list && list.ids.length >= 4) return { groupId: g.id, ids: list.ids };
  }
  throw new Error('no theme of four papers');
}

const shownId = async () => (await papersApi()).services.panel.current?.id;
const selectedId = async () => {
  const row = (await papersApi()).tree.view.selection[0];
  return row?.kind === 'paper' ? row.id : undefined;
};

suite('Morning pass: keyboard triage through the list a paper was opened from', () => {
  suiteSetup(async () => {
    await vscode.commands.executeCommand('papers.tree.focus');
  });

  teardown(async () => {
    const { services } = await papersApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const id of (await aTheme()).ids) {
      await services.userData.update(id, (d) => ({ ...d, read: false, starred: false, notInterested: false }));
    }
  });

  test('next and previous step through the tree group the paper was opened from; the tree selection follows', async () => {
    const { services } = await papersApi();
    const { groupId, ids } = await aTheme();
    await vscode.commands.executeCommand('papers.openPaper', ids[1], { list: groupId });
    assert.equal(services.panel.readingPlace?.list.groupId, groupId);
    assert.equal(services.panel.readingPlace?.index, 1);
    await vscode.commands.executeCommand('papers.nextPaper');
    assert.equal(await shownId(), ids[2]);
    await until('the tree selection on the paper shown', async () => (await selectedId()) === ids[2]);
    // a step shows; it does not mark the paper read (the reader's key says what it becomes)
    assert.equal(services.userData.marks(ids[2]).read, false);
    await vscode.commands.executeCommand('papers.previousPaper');
    await vscode.commands.executeCommand('papers.previousPaper');
    assert.equal(await shownId(), ids[0]);
    await until('the tree selection back on the first paper', async () => (await selectedId()) === ids[0]);
  });

  test('seen and next marks the paper read and shows the next; star and not interested are kept in .papers/', async () => {
    const { services } = await papersApi();
    const { groupId, ids } = await aTheme();
    await vscode.commands.executeCommand('papers.openPaper', ids[0], { list: groupId });
    await vscode.commands.executeCommand('papers.nextPaper');
    await vscode.commands.executeCommand('papers.toggleStar');
    await vscode.commands.executeCommand('papers.toggleNotInterested');
    await vscode.commands.executeCommand('papers.markSeenAndNext');
    assert.equal(await shownId(), ids[2]);
    assert.deepEqual(services.userData.marks(ids[1]), {
      ...services.userData.marks(ids[1]),
      read: true,
      starred: true,
    });
    assert.equal(services.userData.data(ids[1]).notInterested, true);
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, '.papers', 'papers', `${ids[1]}.json`);
    const stored = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as Record<
      string,
      unknown
    >;
    assert.equal(stored.read, true);
    assert.equal(stored.starred, true);
    assert.equal(stored.notInterested, true);
    assert.equal(services.userData.marks(ids[2]).read, false, 'the paper stepped to is not marked');
  });

  test('at the end of the list, next says so and stays on the last paper (no wrap)', async () => {
    const { groupId, ids } = await aTheme();
    const last = ids[ids.length - 1];
    await vscode.commands.executeCommand('papers.openPaper', last, { list: groupId });
    await vscode.commands.executeCommand('papers.nextPaper');
    assert.equal(await shownId(), last);
    await vscode.commands.executeCommand('papers.openPaper', ids[0], { list: groupId });
    await vscode.commands.executeCommand('papers.previousPaper');
    assert.equal(await shownId(), ids[0]);
  });

  test("the tree's keys act on its selected paper row and step from it", async () => {
    const { services, tree } = await papersApi();
    const { groupId, ids } = await aTheme();
    await tree.view.reveal({ kind: 'paper', id: ids[2], groupId }, { select: true, focus: true });
    await until('the row selected', async () => (await selectedId()) === ids[2]);
    await vscode.commands.executeCommand('papers.triageSelected', 'toggleStar');
    assert.equal(services.userData.marks(ids[2]).starred, true);
    await vscode.commands.executeCommand('papers.triageSelected', 'nextPaper');
    assert.equal(await shownId(), ids[3]);
    assert.equal(services.panel.readingPlace?.list.groupId, groupId);
    await until('the tree selection on the next paper', async () => (await selectedId()) === ids[3]);
  });
});
