import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ANNOTATIONS_START } from '../../../src/core/annotations/notesBlock';
import { addHighlight } from '../../../src/features/annotations/annotations';
import { restrictedModeApi } from '../../../src/features/storage/restrictedMode';
import { restoreSeeds } from './papersApi';
import { api, exists, inWorkspace, run, sleep, untouchedPapers, write } from './storesHelpers';
import { until } from './until';

// Restricted Mode writes nothing (settings, exports, the notes sync included), and a cache entry damaged under a
// restored analysis is dropped by the deferred search set-up instead of an uncaught error.

suite('Stores hardening: Restricted Mode and a damaged cache', () => {
  suiteTeardown(restoreSeeds);

  test('Restricted Mode: exports and the notes sync write nothing, not even in an open editor', async function () {
    this.timeout(60_000);
    const { services, restricted } = await api();
    const [paper] = untouchedPapers(await api());
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
