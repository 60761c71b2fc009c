import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from './until';
import { papersApi } from './papersApi';

const api = () => papersApi();

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with a workspace folder open');
  return vscode.Uri.joinPath(folder.uri, ...parts);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

function paperViewTab(): vscode.Tab | undefined {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('papers.paperView')) return tab;
    }
  }
  return undefined;
}

suite('Papers in a real VS Code', () => {
  test('paper rows show the title, an unread icon and a tooltip with the abstract', async () => {
    const { tree, services } = await api();
    const group = tree.children().find((g) => g.kind === 'group')!;
    const paperNode = tree.children(group)[0];
    const item = tree.getTreeItem(paperNode);
    const paper = services.model.paper(paperNode.id)!;
    assert.equal(item.label, paper.title);
    assert.match(String(item.contextValue), /^paper unread/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'circle-filled');
    const tooltip = item.tooltip as vscode.MarkdownString;
    const word = paper.abstract.split(/[^A-Za-z]+/).find((w) => w.length >= 6)!;
    assert.ok(tooltip.value.includes(word), `tooltip shows the abstract (${word})`);
    assert.equal(tooltip.isTrusted, false);
  });

  test('Open Paper shows the paper view, marks it read and creates no notes file', async () => {
    const { services } = await api();
    const paper = services.model.analysis!.papers.find((p) => p.method) ?? services.model.analysis!.papers[0];
    await vscode.commands.executeCommand('papers.openPaper', paper.id);
    await until('the paper view tab', () => paperViewTab());
    assert.equal(services.panel.current?.id, paper.id);
    await until('read mark', () => services.userData.marks(paper.id).read);
    const notesUri = services.notes.uriFor(paper)!;
    assert.ok(notesUri.path.includes('/notes/'), notesUri.toString());
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await exists(notesUri), false, 'opening is reading: no notes file');
    assert.equal(services.notes.hasNotes(paper.id), false);
    assert.equal(
      vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === notesUri.toString()),
      false,
    );
  });

  test('Open Notes creates the notes file from the template, beside the paper view', async () => {
    const { services } = await api();
    const paper = services.panel.current!;
    const notesUri = services.notes.uriFor(paper)!;
    await vscode.commands.executeCommand('papers.openNotes', paper.id);
    await until('the notes file', () => exists(notesUri));
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(notesUri));
    assert.match(text, /^---\n/);
    assert.ok(text.includes(services.model.keyOf(paper)));
    const notesEditor = await until('the notes editor', () =>
      vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === notesUri.toString()),
    );
    const tab = await until('the paper view tab', () => paperViewTab());
    assert.notEqual(tab.group.viewColumn, notesEditor.viewColumn, 'paper view and notes are side by side');
    await until('has notes', () => services.notes.hasNotes(paper.id));
  });

  test('with papers.notes.createOnOpen, Open Paper creates the notes file as before', async () => {
    const { services } = await api();
    const paper = services.model.analysis!.papers.slice(30).find((p) => !services.notes.hasNotes(p.id))!;
    assert.equal(await exists(services.notes.uriFor(paper)!), false);
    const config = vscode.workspace.getConfiguration('papers');
    await config.update('notes.createOnOpen', true, vscode.ConfigurationTarget.Workspace);
    try {
      await vscode.commands.executeCommand('papers.openPaper', paper.id);
      await until('the notes file', () => exists(services.notes.uriFor(paper)!));
    } finally {
      await config.update('notes.createOnOpen', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('opening a second paper reuses the single paper view', async () => {
    const { services } = await api();
    const [a, b] = services.model.analysis!.papers.slice(5, 7);
    await vscode.commands.executeCommand('papers.openPaper', a.id);
    await vscode.commands.executeCommand('papers.openPaper', b.id);
    await until('second paper shown', () => services.panel.current?.id === b.id);
    const count = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('papers.paperView')).length;
    assert.equal(count, 1);
  });

  test('Toggle Star from the palette acts on the paper in the view and persists in .papers/', async () => {
    const { services } = await api();
    const paper = services.panel.current!;
    assert.equal(services.userData.marks(paper.id).starred, false);
    await vscode.commands.executeCommand('papers.toggleStar');
    const file = workspaceUri('.papers', 'papers', `${paper.id}.json`);
    await until('the star file', () => exists(file));
    const saved = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
    assert.equal(saved.starred, true);
    assert.equal(saved.read, true);
  });

  test('filters: starred, unread, with notes', async () => {
    const { tree, prefs, services } = await api();
    const count = () => tree.children().reduce((n, g) => n + (g.kind === 'group' ? g.paperIds.length : 0), 0);
    await vscode.commands.executeCommand('papers.filter', 'starred');
    assert.equal(count(), 1);
    await vscode.commands.executeCommand('papers.filter', 'notes');
    assert.equal(count(), [...services.model.analysis!.papers].filter((p) => services.notes.hasNotes(p.id)).length);
    assert.ok(count() >= 1);
    await vscode.commands.executeCommand('papers.filter', 'unread');
    const read = services.userData.readCount(services.model.analysis!.papers.map((p) => p.id));
    assert.equal(count(), 340 - read);
    await vscode.commands.executeCommand('papers.filter', 'all');
    assert.equal(count(), 340);
    assert.equal(prefs.filter, 'all');
  });

  test('group by collection shows the three seed dumps', async () => {
    const { tree } = await api();
    await vscode.commands.executeCommand('papers.groupBy', 'collection');
    const groups = tree.children().filter((g) => g.kind === 'group');
    assert.equal(groups.length, 3);
    assert.deepEqual(
      groups.map((g) => (g.kind === 'group' ? g.paperIds.length : 0)),
      [120, 120, 120],
    );
    await vscode.commands.executeCommand('papers.groupBy', 'theme');
    assert.ok(tree.children().length >= 10);
  });

  test('notes text becomes searchable', async () => {
    const { services } = await api();
    const paper = services.panel.current!;
    const uri = services.notes.uriFor(paper)!;
    await vscode.commands.executeCommand('papers.openNotes', paper.id);
    await until('the notes file', () => exists(uri));
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    await vscode.workspace.fs.writeFile(
      uri,
      new TextEncoder().encode(`${text}\nzanzibarquokka is my made-up reminder word.\n`),
    );
    const hit = await until('notes in the index', () => services.model.analysis!.search.search('zanzibarquokka')[0]);
    assert.equal(hit.id, paper.id);
    assert.equal(hit.snippet?.field, 'notes');
  });

  test('a hand-broken .papers file gives a warning naming it, is kept as a backup, and the rest works', async () => {
    const { services } = await api();
    const paper = services.model.analysis!.papers[20];
    const file = workspaceUri('.papers', 'papers', `${paper.id}.json`);
    await vscode.workspace.fs.createDirectory(workspaceUri('.papers', 'papers'));
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('{\n  "starred": true,\n  broken\n'));
    await new Promise((r) => setTimeout(r, 300));
    await vscode.commands.executeCommand('papers.markRead', paper.id);
    const entries = await vscode.workspace.fs.readDirectory(workspaceUri('.papers', 'papers'));
    const backup = entries.find(([n]) => n.startsWith(`${paper.id}.json.corrupt-`));
    assert.ok(backup, `backup kept: ${entries.map(([n]) => n).join(', ')}`);
    const kept = new TextDecoder().decode(
      await vscode.workspace.fs.readFile(workspaceUri('.papers', 'papers', backup[0])),
    );
    assert.ok(kept.includes('broken'), 'the backup holds what the user wrote');
    const fresh = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
    assert.equal(fresh.read, true);
    assert.ok(services.userData.marks(services.panel.current!.id).starred, 'other papers untouched');
  });
});
