import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import type { LinksApi } from '../../../src/features/links';
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

/** What the link command said and asked while `fn` ran: its information messages and its note prompt's titles. */
async function withLinkPrompts(
  note: string,
  fn: () => Thenable<unknown>,
): Promise<{ messages: string[]; asked: string[] }> {
  const win = vscode.window as unknown as { showInformationMessage: unknown; showInputBox: unknown };
  const { showInformationMessage, showInputBox } = win;
  const seen = { messages: [] as string[], asked: [] as string[] };
  win.showInformationMessage = (message: string) => {
    seen.messages.push(message);
    return Promise.resolve(undefined);
  };
  win.showInputBox = (options?: vscode.InputBoxOptions) => {
    seen.asked.push(options?.title ?? '');
    return Promise.resolve(note);
  };
  try {
    await fn();
  } finally {
    win.showInformationMessage = showInformationMessage;
    win.showInputBox = showInputBox;
  }
  return seen;
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

  test('l with only a cursor links its line; a blank line, no editor or the notes beside say what to do', async function () {
    this.timeout(30_000);
    const { services, links } = (await papersApi()) as PapersApi & { links: LinksApi };
    const { groupId, ids } = await aTheme();
    const paper = services.model.paper(ids[0])!;
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, 'src', 'triage-link.py');
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode('import math\n\ndef area(r):\n    return math.pi * r * r\n'),
    );
    const editor = await vscode.window.showTextDocument(file);
    // the paper view beside the code, focused, as in a morning pass: its key `l` runs papers.linkSelection on it
    await vscode.commands.executeCommand('papers.openPaper', paper.id, { list: groupId });
    const l = () => vscode.commands.executeCommand('papers.linkSelection', paper.id);
    const before = links.linksOf(paper.id).length;

    editor.selection = new vscode.Selection(3, 6, 3, 6);
    const linked = await withLinkPrompts('why', l);
    assert.deepEqual(linked.asked, [`Link “${paper.title}” to src/triage-link.py:4`]);
    const made = links.linksOf(paper.id);
    assert.equal(made.length, before + 1);
    const link = made[made.length - 1];
    assert.deepEqual([link.range.start.line, link.range.start.character, link.range.end.line], [3, 0, 3]);
    assert.equal(link.range.end.character, '    return math.pi * r * r'.length);

    editor.selection = new vscode.Selection(1, 0, 1, 0);
    const blank = await withLinkPrompts('why', l);
    assert.deepEqual(blank.asked, []);
    assert.match(blank.messages.join(' | '), /Line 2 of src\/triage-link\.py is blank: put the cursor on the code/);

    await vscode.commands.executeCommand('papers.openNotes', paper.id);
    const notesUri = services.notes.uriFor(paper)!;
    await until(
      'the notes open',
      async () => vscode.window.activeTextEditor?.document.uri.toString() === notesUri.toString(),
    );
    const inNotes = await withLinkPrompts('why', l);
    assert.deepEqual(inNotes.asked, []);
    assert.match(inNotes.messages.join(' | '), /holds the notes of “.*”: open the code to link/);

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const none = await withLinkPrompts('why', l);
    assert.deepEqual(none.asked, []);
    assert.match(
      none.messages.join(' | '),
      /No text editor is open: open the file to link, put the cursor on the line/,
    );
    assert.equal(links.linksOf(paper.id).length, before + 1, 'only the first press linked');

    await vscode.commands.executeCommand('papers.unlink', link.id);
    await vscode.workspace.fs.delete(notesUri);
    await vscode.workspace.fs.delete(file);
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
