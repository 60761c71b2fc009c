import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { ANNOTATIONS_START } from '../../../src/core/annotations/notesBlock';
import { addHighlight } from '../../../src/features/annotations/annotations';
import { PageMessages } from '../../../src/features/paperPanel/pageMessages';
import { restrictedModeApi } from '../../../src/features/storage/restrictedMode';
import { papersApi, restoreSeeds } from './papersApi';
import { until } from './until';

// What Papers writes and where, against hostile or damaged files: ids from files never become paths outside
// .papers/, linked files outside the workspace are never read, symlinks leading out are refused, a file that
// cannot be read is left alone, and Restricted Mode writes nothing.

const api = () => papersApi(80_000);
const run = Date.now().toString(36);
const folder = () => vscode.workspace.workspaceFolders![0].uri;
const inWorkspace = (...parts: string[]) => vscode.Uri.joinPath(folder(), ...parts);
/** Beside the workspace folder: outside it. */
const outside = (...parts: string[]) => join(dirname(folder().fsPath), ...parts);
const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exists = (path: string) =>
  fs.stat(path).then(
    () => true,
    () => false,
  );

/** Records the warnings and errors Papers shows meanwhile (still shown). */
function recordMessages(): { messages: string[]; stop: () => void } {
  const messages: string[] = [];
  const w = vscode.window as unknown as Record<string, (...a: unknown[]) => unknown>;
  const originals = ['showWarningMessage', 'showErrorMessage', 'showInformationMessage'].map((name) => {
    const original = w[name];
    w[name] = (message: unknown, ...rest: unknown[]) => {
      messages.push(String(message));
      return original.call(vscode.window, message, ...rest);
    };
    return [name, original] as const;
  });
  return { messages, stop: () => originals.forEach(([name, original]) => (w[name] = original)) };
}

const CODE = `def first():\n    return 1\n\n\ndef second():\n    return 2\n`;

/** A link as Papers writes it, to lines 4-5 of `file` (stored at line 0, so re-anchoring moves it). */
function link(paper: string, id: string, file: string, text = 'def second():\n    return 2') {
  return {
    id,
    paper,
    file,
    range: { startLine: 0, startCharacter: 0, endLine: 1, endCharacter: 12 },
    anchor: { text, before: '', after: '' },
    created: '2025-01-01T00:00:00.000Z',
  };
}

suite('Stores hardening: what Papers writes, and where', () => {
  suiteTeardown(restoreSeeds);

  test('a hostile links file: a paper id that is a path and a file outside the workspace are refused, the rest works', async function () {
    this.timeout(60_000);
    const { services } = await api();
    const paper = services.model.analysis!.papers[3];
    const victimDir = outside(`victim-${run}`);
    const secretDir = outside(`secret-${run}`);
    await fs.mkdir(victimDir, { recursive: true });
    await fs.mkdir(secretDir, { recursive: true });
    await fs.writeFile(join(victimDir, 'settings.json'), '{"keep": true}\n');
    await fs.writeFile(join(secretDir, 'id_rsa'), 'PRIVATE-BEFORE\ndef second():\n    return 2\nPRIVATE-AFTER\n');
    await write(inWorkspace('src', `hostile-${run}.py`), CODE);
    const recorded = recordMessages();
    try {
      const links = [
        link(paper.id, `good${run}`, `src/hostile-${run}.py`),
        link(`../../../victim-${run}/settings`, `evil${run}`, `src/hostile-${run}.py`),
        link(paper.id, `secret${run}`, `../secret-${run}/id_rsa`),
      ];
      const file = inWorkspace('.papers', 'links', `${paper.id}.json`);
      await write(file, `${JSON.stringify(links, null, 2)}\n`);
      // the good link is loaded, re-anchored and written back where its text is now
      await until('the good link re-anchored and stored', async () => {
        const stored = JSON.parse(await read(file).catch(() => '[]')) as { id: string; range: { startLine: number } }[];
        return stored.find((l) => l.id === `good${run}`)?.range.startLine === 4;
      });
      assert.deepEqual(
        services.links.linksOf(paper.id).map((l) => l.id),
        [`good${run}`],
        'only the good link is used',
      );
      await sleep(1000); // the re-anchoring's writes are done
      assert.equal(await fs.readFile(join(victimDir, 'settings.json'), 'utf8'), '{"keep": true}\n');
      assert.deepEqual(await fs.readdir(victimDir), ['settings.json'], 'nothing renamed or written beside it');
      for (const name of await fs.readdir(dirname(file.fsPath))) {
        const text = await fs.readFile(join(dirname(file.fsPath), name), 'utf8');
        assert.ok(!text.includes('PRIVATE'), `${name}: no line of the file outside the workspace is copied`);
      }
      const backups = (await fs.readdir(dirname(file.fsPath))).filter((n) => n.startsWith(`${paper.id}.json.corrupt-`));
      assert.equal(backups.length, 1, 'the write that left the refused links out kept a copy of the file first');
      assert.ok((await fs.readFile(join(dirname(file.fsPath), backups[0]), 'utf8')).includes(`victim-${run}`));
      const problems = recorded.messages.join(' | ');
      assert.match(problems, new RegExp(`links/${paper.id}\\.json:\\d+: link 2: "paper" .* is not a paper id`));
      assert.match(problems, /and 1 more, see the Papers log/, 'the link to id_rsa is the other');
    } finally {
      recorded.stop();
      await vscode.workspace.fs
        .delete(inWorkspace('.papers', 'links', `${paper.id}.json`))
        .then(undefined, () => undefined);
      await fs.rm(victimDir, { recursive: true, force: true });
      await fs.rm(secretDir, { recursive: true, force: true });
    }
  });

  test('a linked file that is a symlink leading out of the workspace is never read', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const paper = services.model.analysis!.papers[4];
    const secretDir = outside(`linked-secret-${run}`);
    await fs.mkdir(secretDir, { recursive: true });
    await fs.writeFile(join(secretDir, 'key.py'), `# PRIVATE-LINE\n${CODE}`);
    await fs.symlink(join(secretDir, 'key.py'), inWorkspace(`sneaky-${run}.py`).fsPath);
    const recorded = recordMessages();
    try {
      const file = inWorkspace('.papers', 'links', `${paper.id}.json`);
      await write(file, `${JSON.stringify([link(paper.id, `sym${run}`, `sneaky-${run}.py`)], null, 2)}\n`);
      await until('the link loaded', () => services.links.linksOf(paper.id).length === 1);
      await until('the refusal reported', () => recorded.messages.some((m) => m.includes(`sneaky-${run}.py`)));
      await sleep(1000);
      assert.ok(!(await read(file)).includes('PRIVATE'), 'nothing of the file outside is copied');
      assert.equal(services.links.linksOf(paper.id)[0].status, 'stale');
      assert.match(recorded.messages.join(' | '), /outside the workspace/);
    } finally {
      recorded.stop();
      await vscode.workspace.fs
        .delete(inWorkspace('.papers', 'links', `${paper.id}.json`))
        .then(undefined, () => undefined);
      await fs.rm(secretDir, { recursive: true, force: true });
    }
  });

  test("the paper view's tag-removal message with a paper id that is a path touches no file", async function () {
    this.timeout(30_000);
    const { services } = await api();
    const victim = outside(`victim-${run}.json`);
    await fs.writeFile(victim, '{"tags": ["theirs"]}\n');
    const warnings: string[] = [];
    const messages = new PageMessages(
      { ...services, log: Object.assign(Object.create(services.log), { warn: (m: string) => warnings.push(m) }) },
      {
        shown: () => undefined,
        pageDidLoad: () => undefined,
        openPaper: async () => undefined,
        besideView: () => vscode.ViewColumn.Beside,
        post: () => undefined,
      },
    );
    try {
      // `.papers/papers/` + `../../../victim-<run>` + `.json` is the file beside the workspace folder
      messages.onMessage({ type: 'webviewDidRemoveTag', id: `../../../victim-${run}`, tag: 'theirs' });
      await sleep(1000);
      assert.equal(await fs.readFile(victim, 'utf8').catch(() => 'deleted'), '{"tags": ["theirs"]}\n');
      assert.ok(
        warnings.some((w) => /ignored a message naming no paper id/.test(w)),
        warnings.join(' | '),
      );
      await assert.rejects(
        services.state.update(`../../../victim-${run}`, (d) => d),
        /not a valid name/,
      );
    } finally {
      messages.dispose();
      await fs.rm(victim, { force: true });
    }
  });

  test('a .papers file that exists but cannot be read is reported and left alone, never replaced', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const [a, b] = services.model.analysis!.papers.slice(5, 7);
    const fileA = inWorkspace('.papers', 'papers', `${a.id}.json`);
    await write(fileA, '{\n  "starred": true,\n  "tags": ["keep-me"]\n}\n');
    await until('the marks read', () => services.state.marks(a.id).starred);
    // the disk refuses to read it (as a file of another user, or an I/O error, would)
    const store = services.state as unknown as { read: (uri: vscode.Uri) => Thenable<Uint8Array> };
    const original = store.read;
    store.read = (uri) =>
      uri.path.endsWith(`${a.id}.json`)
        ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'NoPermissions' }))
        : original(uri);
    const recorded = recordMessages();
    try {
      await assert.rejects(
        services.state.setRead(a.id, true),
        new RegExp(`cannot read \\.papers/papers/${a.id}\\.json`),
      );
      assert.equal(
        await read(fileA),
        '{\n  "starred": true,\n  "tags": ["keep-me"]\n}\n',
        'the file is left as it was',
      );
      assert.deepEqual(services.state.data(a.id).tags, ['keep-me'], 'and its data is still shown');
      assert.ok(
        recorded.messages.some((m) => m.includes(`${a.id}.json`)),
        'the user is told which file',
      );
      // a folder where the file belongs is not a missing file either
      const dirB = inWorkspace('.papers', 'papers', `${b.id}.json`);
      await vscode.workspace.fs.createDirectory(dirB);
      await write(vscode.Uri.joinPath(dirB, 'inside.txt'), 'mine');
      await assert.rejects(services.state.setStarred(b.id, true), /cannot read/);
      assert.equal(await read(vscode.Uri.joinPath(dirB, 'inside.txt')), 'mine');
    } finally {
      store.read = original;
      recorded.stop();
      await vscode.workspace.fs.delete(inWorkspace('.papers', 'papers', `${b.id}.json`), { recursive: true });
    }
  });

  test('a .papers folder that is a symlink leading out of the workspace: Papers refuses to write there', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const paper = services.model.analysis!.papers[7];
    const elsewhere = outside(`elsewhere-${run}`);
    await fs.mkdir(elsewhere, { recursive: true });
    const links = inWorkspace('.papers', 'links').fsPath;
    const aside = `${links}.aside-${run}`;
    await fs.mkdir(links, { recursive: true });
    await fs.rename(links, aside);
    await fs.symlink(elsewhere, links);
    const recorded = recordMessages();
    try {
      await write(inWorkspace('src', `target-${run}.py`), CODE);
      await assert.rejects(
        services.links.store.update(paper.id, () => [link(paper.id, `new${run}`, `src/target-${run}.py`)]),
        /refused to write \.papers\/links\/.*outside the workspace/,
      );
      assert.deepEqual(await fs.readdir(elsewhere), [], 'nothing written outside');
      assert.ok(
        recorded.messages.some((m) => /outside the workspace/.test(m)),
        'the user is told',
      );
    } finally {
      recorded.stop();
      await fs.unlink(links);
      await fs.rename(aside, links);
      await fs.rm(elsewhere, { recursive: true, force: true });
    }
  });

  test('a notes folder that is a symlink leading out of the workspace: no notes are created there', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const paper = services.model.analysis!.papers[9];
    const elsewhere = outside(`notes-elsewhere-${run}`);
    await fs.mkdir(elsewhere, { recursive: true });
    const notes = dirname(services.notes.uriFor(paper)!.fsPath);
    const aside = `${notes}.aside-${run}`;
    await fs.mkdir(notes, { recursive: true });
    await fs.rename(notes, aside);
    await fs.symlink(elsewhere, notes);
    const recorded = recordMessages();
    try {
      assert.equal(await vscode.commands.executeCommand('papers.openNotes', paper.id), undefined);
      assert.deepEqual(await fs.readdir(elsewhere), [], 'no notes written outside');
      assert.ok(
        recorded.messages.some((m) => /could not create the notes file .*outside the workspace/.test(m)),
        recorded.messages.join(' | '),
      );
    } finally {
      recorded.stop();
      await fs.unlink(notes);
      await fs.rename(aside, notes);
      await fs.rm(elsewhere, { recursive: true, force: true });
    }
  });

  test('Restricted Mode: exports and the notes sync write nothing, not even in an open editor', async function () {
    this.timeout(60_000);
    const { services, restricted } = await api();
    const paper = services.model.analysis!.papers[8];
    // a notes editor with unsaved text inside the highlights section, which a sync would rewrite
    const files = vscode.workspace.getConfiguration('files');
    const autoSave = files.inspect('autoSave')?.globalValue;
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    await addHighlight(services, paper.id, { start: 0, end: 5 }, 'yellow', `noted ${run}`);
    const editor = (await services.notes.open(paper))!;
    const doc = editor.document;
    const at = doc.positionAt(doc.getText().indexOf(ANNOTATIONS_START) + ANNOTATIONS_START.length);
    await editor.edit((e) => e.insert(at, `\ntyped inside ${run}\n`));
    assert.ok(doc.isDirty);
    const typed = doc.getText();
    await restricted.simulateUntrusted(true);
    await restrictedModeApi.simulateUntrusted(true); // this suite's own copy of the module, for addHighlight below
    try {
      const bib = inWorkspace(`export-${run}.bib`);
      assert.equal(await vscode.commands.executeCommand('papers.exportBibtex', { set: 'all', uri: bib }), undefined);
      assert.equal(await exists(bib.fsPath), false, 'no export written');
      // a highlight change syncs the notes: not in Restricted Mode, not even in an editor
      await addHighlight(services, paper.id, { start: 6, end: 10 }, 'pink');
      await sleep(500);
      assert.equal(doc.getText(), typed, 'the notes editor is not edited');
    } finally {
      await restricted.simulateUntrusted(false);
      await restrictedModeApi.simulateUntrusted(false);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await files.update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
    }
  });

  test('Restricted Mode: import and remove collection leave .vscode/settings.json alone; papers.collections is restricted', async function () {
    this.timeout(90_000);
    const { services, restricted } = await api();
    const name = `restricted-${run}`;
    await write(inWorkspace('refs', `${name}.txt`), `Daily Papers\n\nA made-up abstract about kelp ${run}.\n`);
    await write(inWorkspace('refs', `${name}-more.txt`), `Daily Papers\n\nA made-up abstract about moss ${run}.\n`);
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', [`refs/${name}.txt`], vscode.ConfigurationTarget.Workspace);
    await until(
      'the collection loaded',
      () => services.model.analysis?.collections.some((c) => c.name === name),
      60_000,
    );
    const settingsFile = inWorkspace('.vscode', 'settings.json').fsPath;
    const settingsBefore = await fs.readFile(settingsFile, 'utf8');
    await restricted.simulateUntrusted(true);
    try {
      const imported = await vscode.commands.executeCommand('papers.importCollection', [
        inWorkspace('refs', `${name}-more.txt`),
      ]);
      assert.equal(imported, undefined);
      const row = { kind: 'group', id: `collection:${name}` };
      assert.equal(await vscode.commands.executeCommand('papers.removeCollection', row, { confirmed: true }), false);
      await sleep(300);
      assert.equal(await fs.readFile(settingsFile, 'utf8'), settingsBefore, 'settings unchanged');
    } finally {
      await restricted.simulateUntrusted(false);
    }
    const pkg = vscode.extensions.getExtension('papers-dev.papers')!.packageJSON as {
      capabilities: { untrustedWorkspaces: { restrictedConfigurations?: string[] } };
    };
    assert.ok(
      pkg.capabilities.untrustedWorkspaces.restrictedConfigurations?.includes('papers.collections'),
      'an untrusted workspace cannot point papers.collections anywhere: VS Code gives the default there',
    );
  });

  test('a cache entry damaged under the restored analysis: the deferred search set-up drops it and analyzes again', async function () {
    this.timeout(120_000);
    const { services } = await api();
    const name = `cached-${run}`;
    const abstracts = [
      `Kelp forests zq${run}cache shelter juvenile fish along rocky coasts in three seasons.`,
      'Moss mats on north-facing roofs hold rainwater for days after a storm.',
      'Tide pool snails grow thicker shells where crabs are common.',
    ];
    await write(inWorkspace('refs', `${name}.txt`), `Daily Papers\n\n${abstracts.join('\n\n')}\n`);
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', [`refs/${name}.txt`], vscode.ConfigurationTarget.Workspace);
    await until('the collection analyzed', () => services.model.analysis?.papers.length === 3, 60_000);
    const cacheDir = join(services.context.globalStorageUri.fsPath, 'analysis-cache');
    const entryOf = async () => {
      for (const file of await fs.readdir(cacheDir).catch(() => [] as string[])) {
        if (!file.endsWith('.snapshot')) continue;
        const bytes = await fs.readFile(join(cacheDir, file));
        if (bytes.includes(Buffer.from(`zq${run}cache`))) return join(cacheDir, file);
      }
      return undefined;
    };
    const entry = await until('the analysis cached', entryOf, 60_000);
    await services.model.reload();
    const restored = services.model.analysis!;
    // the file shrinks under the analysis restored from it, before its search is set up (1.5 s after it shows)
    await fs.truncate(entry, 0);
    const logged: string[] = [];
    const log = services.log as unknown as Record<string, (...a: unknown[]) => void>;
    const originals = ['info', 'warn', 'error'].map((level) => {
      const original = log[level];
      log[level] = (...a: unknown[]) => {
        logged.push(`${level}: ${a.map(String).join(' ')}`);
        original.apply(services.log, a);
      };
      return [level, original] as const;
    });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      await until(
        'analyzed again',
        () => services.model.analysis !== restored && services.model.analysis,
        60_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; the log: ${logged.join('\n')}`);
      });
      assert.equal(services.model.analysis!.papers.length, 3);
      assert.ok(services.model.analysis!.search.search('kelp').length === 1, 'the search works');
      assert.deepEqual(uncaught, [], 'no uncaught error on the extension host');
    } finally {
      process.off('uncaughtException', onUncaught);
      for (const [level, original] of originals) log[level] = original;
    }
  });
});
