import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseBibtex } from '../../../src/core/collections/formats/bibtex';
import { importCollections } from '../../../src/features/collections/import';
import { ThemeDragAndDrop } from '../../../src/features/themes/dragAndDrop';
import { paperViewModel } from '../../../src/features/paperPanel/panel';
import { until } from './until';
import { papersApi, restoreSeeds } from './papersApi';

// Made-up collections (test/vscode/fixtures/collections): a BibTeX reading list, a Zotero CSL-JSON export,
// and a .bib with two good entries, one without an abstract (kept by its title) and three broken ones (neither
// title nor abstract, a repeated key, cut off).
const FIXTURES = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'vscode', 'fixtures', 'collections');
const BIB_TITLES = [
  'Sea Otters Use Kelp Anchors to Sleep Through Storms',
  'TideCast: Forecasting Tide Pools with Small Graph Networks',
  'Lichen Growth Rates on Urban Gravestones',
];
const CSL_TITLES = [
  'Glacier Meltwater Carries Ancient Pollen Downstream',
  'BeeLine: Counting Pollinator Visits from Phone Video',
];

const api = () => papersApi();

/** The entry of broken-refs.bib without an abstract: a paper all the same. */
const TITLE_ONLY = 'A Paper That Forgot Its Abstract';

/** The paper known only by its title is a row of the tree and opens in the paper view with its authors and year. */
async function titleOnlyPaperInTreeAndView(): Promise<void> {
  const { services, tree } = await api();
  const paper = services.model.analysis!.papers.find((p) => p.title === TITLE_ONLY)!;
  assert.deepEqual([paper.abstract, paper.method, paper.authors, paper.year], ['', null, ['Ann Nobody'], '2019']);
  const rows = tree.children().flatMap((g) => tree.children(g));
  const row = rows.find((n) => n.id === paper.id);
  assert.ok(row, 'a row in the tree');
  assert.equal(tree.getTreeItem(row).label, TITLE_ONLY);
  assert.ok(services.model.analysis!.search.search('forgot abstract').some((h) => h.id === paper.id));
  assert.ok(
    services.model.analysis!.search.search('nobody').some((h) => h.id === paper.id),
    'found by author',
  );
  await vscode.commands.executeCommand('papers.openPaper', paper.id);
  await until('the paper in the view', () => services.panel.current?.id === paper.id);
  const view = paperViewModel(services, paper);
  assert.deepEqual([view.title, view.authors, view.year, view.abstract], [TITLE_ONLY, ['Ann Nobody'], '2019', '']);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

const folder = () => vscode.workspace.workspaceFolders![0].uri;
const inWorkspace = (...parts: string[]) => vscode.Uri.joinPath(folder(), ...parts);
const fixture = (name: string) => vscode.Uri.file(path.join(FIXTURES, name));
const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const exists = (uri: vscode.Uri) =>
  Promise.resolve(vscode.workspace.fs.stat(uri)).then(
    () => true,
    () => false,
  );
const setting = () =>
  vscode.workspace.getConfiguration('papers').inspect<string[]>('collections')?.workspaceValue ?? [];

async function copyIn(name: string): Promise<vscode.Uri> {
  const target = inWorkspace('refs', name);
  await vscode.workspace.fs.copy(fixture(name), target, { overwrite: true });
  return target;
}

const papersDiagnostics = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Papers');

suite('Collections: import, problems, export', () => {
  suiteTeardown(async () => {
    // back to the bundled seeds for the suites after this one
    const { prefs, restricted } = await api();
    await restricted.simulateUntrusted(false);
    await prefs.setGroupBy('theme');
    await restoreSeeds();
  });

  test('Import Collection adds a BibTeX file (workspace-relative) and a CSL-JSON file (absolute): their papers show under their real titles', async () => {
    const { services, tree, prefs } = await api();
    const bib = await copyIn('lab-reading.bib');
    const result = await vscode.commands.executeCommand<{ added: string[]; papers: number; problems: number }>(
      'papers.importCollection',
      [bib, fixture('zotero-export.json')],
    );
    assert.deepEqual(result.added, ['refs/lab-reading.bib', fixture('zotero-export.json').fsPath]);
    assert.equal(result.papers, 5);
    assert.equal(result.problems, 0);
    assert.deepEqual(setting(), result.added);
    const analysis = services.model.analysis!;
    assert.deepEqual(
      analysis.collections.map((c) => c.name),
      ['lab-reading', 'zotero-export'],
    );
    await prefs.setGroupBy('collection');
    // the collections (the imported papers are also in New, at the top)
    const groups = tree.children().filter((g) => g.kind === 'group');
    assert.deepEqual(
      groups.map((g) => tree.getTreeItem(g).label),
      ['lab-reading', 'zotero-export'],
    );
    const rowTitles = groups.map((g) =>
      tree
        .children(g)
        .map((n) => String(tree.getTreeItem(n).label))
        .sort(),
    );
    assert.deepEqual(rowTitles, [[...BIB_TITLES].sort(), [...CSL_TITLES].sort()]);
    const otters = analysis.papers.find((p) => p.title === BIB_TITLES[0])!;
    assert.deepEqual(otters.authors, ['Dana Marsh', 'Oren Quill']);
    assert.equal(otters.doi, '10.5555/otters.2023.17');
  });

  test('importing a listed file again does not list it twice', async () => {
    const result = await vscode.commands.executeCommand<{ added: string[] }>('papers.importCollection', [
      inWorkspace('refs', 'lab-reading.bib'),
    ]);
    assert.deepEqual(result.added, []);
    assert.equal(setting().length, 2);
  });

  test('an import cancelled while it reads leaves the setting and the papers as they were', async () => {
    const { services } = await api();
    const before = setting();
    const papers = services.model.analysis!.papers.length;
    const cancel = new vscode.CancellationTokenSource();
    cancel.cancel();
    const result = await importCollections(services, [await copyIn('broken-refs.bib')], cancel.token);
    assert.equal(result?.cancelled, true);
    assert.deepEqual(result?.added, []);
    assert.deepEqual(setting(), before);
    assert.equal(services.model.analysis!.papers.length, papers);
  });

  test('a broken file: its good entries load (the one without an abstract too: a tree row, shown with its authors and year), each bad entry is a diagnostic at its line, cleared when fixed', async () => {
    const { services } = await api();
    const broken = await copyIn('broken-refs.bib');
    const result = await vscode.commands.executeCommand<{ papers: number; problems: number }>(
      'papers.importCollection',
      [broken],
    );
    assert.equal(result.papers, 3);
    assert.equal(result.problems, 3);
    const titles = services.model.analysis!.papers.map((p) => p.title);
    assert.ok(
      titles.includes('Moss Carpets Cool Rooftops in Summer') &&
        titles.includes("Snails Follow Each Other's Slime Trails to Save Energy") &&
        titles.includes(TITLE_ONLY),
      titles.join(' | '),
    );
    assert.equal(services.model.analysis!.papers.length, 8);
    await titleOnlyPaperInTreeAndView();
    const diagnostics = await until(
      'diagnostics on the broken file',
      () => papersDiagnostics(broken).length === 3 && papersDiagnostics(broken),
    ).catch((err: Error) => {
      const all = vscode.languages.getDiagnostics().map(([u, ds]) => `${u.toString()}: ${ds.length}`);
      throw new Error(
        `${err.message}; problems ${JSON.stringify(services.model.analysis!.problems)}; diagnostics ${all.join(', ')}`,
      );
    });
    const text = decode(await vscode.workspace.fs.readFile(broken)).split('\n');
    // each diagnostic sits on the line where its entry starts and names the entry
    for (const [key, pattern] of [
      ['blank2018', /neither a title nor an abstract/],
      ['good2020moss', /key already used at line 2/],
      ['truncated2022', /cut off/],
    ] as const) {
      const d = diagnostics.find((x) => x.message.includes(`"${key}"`));
      assert.ok(d, `a diagnostic for ${key}`);
      assert.match(d.message, pattern);
      assert.ok(
        text[d.range.start.line].includes(`{${key},`),
        `line ${d.range.start.line + 1} starts ${key}: ${text[d.range.start.line]}`,
      );
      assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    }
    assert.equal(papersDiagnostics(inWorkspace('refs', 'lab-reading.bib')).length, 0);
    // fix the file: keep only the two good entries; the watcher reloads it and the diagnostics go
    const good = text
      .join('\n')
      .split(/\n(?=@)/)
      .filter((e) => /@\w+\{good2020moss,[\s\S]*Moss|@\w+\{good2021snails,/.test(e))
      .join('\n');
    await vscode.workspace.fs.writeFile(broken, new TextEncoder().encode(good));
    await until('the diagnostics cleared', () => papersDiagnostics(broken).length === 0);
    assert.equal(services.model.analysis!.problems.length, 0);
    assert.equal(services.model.analysis!.papers.length, 7);
  });

  test('Export BibTeX writes all papers; parsed back with the BibTeX parser they are the same entries, with keys, abstracts and the note', async () => {
    const { services } = await api();
    const papers = services.model.analysis!.papers;
    const noted = papers.find((p) => p.title === CSL_TITLES[1])!;
    const notes = services.notes.uriFor(noted)!;
    await vscode.commands.executeCommand('papers.openNotes', noted.id);
    await until('the notes file', () => exists(notes));
    const template = decode(await vscode.workspace.fs.readFile(notes));
    await vscode.workspace.fs.writeFile(
      notes,
      new TextEncoder().encode(`${template.trimEnd()}\n\nTry the tracker on hoverfly clips & compare 50% shake.\n`),
    );
    await until('the note read', () => services.notes.notesText(noted.id)?.includes('hoverfly'));
    const out = inWorkspace('export', 'all.bib');
    const written = await vscode.commands.executeCommand<vscode.Uri>('papers.exportBibtex', { set: 'all', uri: out });
    assert.equal(written?.toString(), out.toString());
    const bib = decode(await vscode.workspace.fs.readFile(out));
    const back = parseBibtex(bib, 'all.bib');
    assert.deepEqual(back.problems, []);
    const expected = papers.map((p) => ({
      key: services.model.keyOf(p),
      title: p.sourceTitle,
      abstract: p.abstract,
      authors: p.authors,
      doi: p.doi,
    }));
    const parsed = back.papers.map((p) => ({
      key: p.sourceKey,
      title: p.sourceTitle,
      abstract: p.abstract,
      authors: p.authors,
      doi: p.doi,
    }));
    assert.deepEqual(parsed, expected);
    assert.deepEqual(
      back.papers.map((p) => p.id),
      papers.map((p) => p.id),
      'same abstracts, so the same paper ids',
    );
    // the user's note, not the template around it, goes in the note field (LaTeX-escaped)
    const entry = bib.split(/\n(?=@)/).find((e) => e.includes(`{${services.model.keyOf(noted)},`))!;
    assert.match(entry, /note = \{Try the tracker on hoverfly clips \\& compare 50\\% shake\.\}/);
    assert.equal((bib.match(/note = /g) ?? []).length, 1);
  });

  test('Export BibTeX of the starred papers writes only those', async () => {
    const { services } = await api();
    const otters = services.model.analysis!.papers.find((p) => p.title === BIB_TITLES[0])!;
    await vscode.commands.executeCommand('papers.star', otters.id);
    const out = inWorkspace('export', 'starred.bib');
    await vscode.commands.executeCommand('papers.exportBibtex', { set: 'starred', uri: out });
    const back = parseBibtex(decode(await vscode.workspace.fs.readFile(out)), 'starred.bib');
    assert.deepEqual(
      back.papers.map((p) => p.sourceKey),
      [services.model.keyOf(otters)],
    );
  });

  test('Export BibTeX of the papers linked from code, and of the rows the command was run on', async () => {
    const { services, tree } = await api();
    const [tide, beeline] = [BIB_TITLES[1], CSL_TITLES[1]].map((t) =>
      services.model.analysis!.papers.find((p) => p.title === t)!,
    );
    const code = inWorkspace('src', 'pools.py');
    await vscode.workspace.fs.writeFile(
      code,
      new TextEncoder().encode('def forecast(pools):\n    return [p.temp for p in pools]\n'),
    );
    const editor = await vscode.window.showTextDocument(code);
    editor.selection = new vscode.Selection(0, 0, 1, 10);
    const linkId = await vscode.commands.executeCommand<string>('papers.linkSelection', tide.id, {
      note: 'the forecast of each pool',
    });
    assert.ok(linkId);
    try {
      const linked = inWorkspace('export', 'linked.bib');
      await vscode.commands.executeCommand('papers.exportBibtex', { set: 'linked', uri: linked });
      const back = parseBibtex(decode(await vscode.workspace.fs.readFile(linked)), 'linked.bib');
      assert.deepEqual(
        back.papers.map((p) => p.sourceKey),
        [services.model.keyOf(tide)],
      );
    } finally {
      await vscode.commands.executeCommand('papers.unlink', linkId);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
    // from a paper row's menu VS Code passes the row and the selected rows: those are exported
    const rows = tree
      .children()
      .filter((g) => g.kind === 'group')
      .flatMap((g) => tree.children(g))
      .filter((n) => n.id === tide.id || n.id === beeline.id);
    assert.equal(rows.length, 2);
    const picked = inWorkspace('export', 'selected.bib');
    const saved = vscode.window.showSaveDialog;
    (vscode.window as { showSaveDialog: unknown }).showSaveDialog = async () => picked; // the dialog a user would answer
    try {
      await vscode.commands.executeCommand('papers.exportBibtex', rows[0], rows);
    } finally {
      (vscode.window as { showSaveDialog: unknown }).showSaveDialog = saved;
    }
    const back = parseBibtex(decode(await vscode.workspace.fs.readFile(picked)), 'selected.bib');
    assert.deepEqual(
      back.papers.map((p) => p.sourceKey).sort(),
      [services.model.keyOf(tide), services.model.keyOf(beeline)].sort(),
    );
  });

  test('Restricted Mode: marks and notes are not written, the model still reads and searches', async () => {
    const { services, restricted } = await api();
    const lichen = services.model.analysis!.papers.find((p) => p.title === BIB_TITLES[2])!;
    const messages: string[] = [];
    const original = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (
      message: string,
      ...rest: unknown[]
    ) => {
      messages.push(message);
      return (original as (...a: unknown[]) => unknown)(message, ...rest);
    };
    try {
      await restricted.simulateUntrusted(true);
      await vscode.commands.executeCommand('papers.star', lichen.id); // ends quietly: the message is the answer
      assert.equal(services.userData.marks(lichen.id).starred, false);
      assert.equal(await exists(inWorkspace('.papers', 'papers', `${lichen.id}.json`)), false);
      assert.equal(messages.filter((m) => /Restricted Mode/.test(m)).length, 1, messages.join(' | '));
      await restricted.simulateUntrusted(true); // a new burst of attempts: says so again
      const editor = await vscode.commands.executeCommand('papers.openNotes', lichen.id);
      assert.equal(editor, undefined);
      assert.equal(await exists(services.notes.uriFor(lichen)!), false, 'no notes file created');
      assert.equal(messages.filter((m) => /Restricted Mode/.test(m)).length, 2, messages.join(' | '));
      assert.equal(services.model.analysis!.search.search('gravestones')[0]?.id, lichen.id, 'search still works');
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
      await restricted.simulateUntrusted(false);
    }
    await vscode.commands.executeCommand('papers.star', lichen.id);
    assert.equal(services.userData.marks(lichen.id).starred, true, 'trusted again, the same command writes');
  });

  test('Remove Collection on a collection row takes it out of the setting and keeps the file', async () => {
    const { services, tree } = await api();
    const row = tree.children().find((g) => g.kind === 'group' && g.label === 'lab-reading')!;
    assert.equal(tree.getTreeItem(row).contextValue, 'collection');
    const removed = await vscode.commands.executeCommand<boolean>('papers.removeCollection', row, { confirmed: true });
    assert.equal(removed, true);
    assert.deepEqual(setting(), [fixture('zotero-export.json').fsPath, 'refs/broken-refs.bib']);
    assert.ok(await exists(inWorkspace('refs', 'lab-reading.bib')), 'the file is still there');
    assert.deepEqual(
      services.model.analysis!.collections.map((c) => c.name),
      ['zotero-export', 'broken-refs'],
    );
    assert.ok(!tree.children().some((g) => g.kind === 'group' && g.label === 'lab-reading'));
  });
});

suite('Collections: dropped on the tree', () => {
  suiteTeardown(restoreSeeds);

  test('files dropped on the tree are imported when they are collections; other files are left out', async () => {
    const { services } = await api();
    const bib = await copyIn('lab-reading.bib');
    const notes = inWorkspace('refs', 'todo.md');
    await vscode.workspace.fs.writeFile(notes, new TextEncoder().encode('# not a collection\n'));
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem(`${bib.toString()}\r\n${notes.toString()}\r\n`));
    // the tree's own drag-and-drop controller, as VS Code calls it for a drop on the tree's empty space
    await new ThemeDragAndDrop(services).handleDrop(undefined, data);
    assert.ok(setting().includes('refs/lab-reading.bib'), JSON.stringify(setting()));
    assert.ok(!setting().some((e) => e.endsWith('todo.md')));
    assert.ok(services.model.analysis!.papers.some((p) => p.title === BIB_TITLES[0]));
  });
});
