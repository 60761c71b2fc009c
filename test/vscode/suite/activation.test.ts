import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parse } from 'jsonc-parser';
import { until } from './until';
import { papersApi, EXTENSION_ID } from './papersApi';

// Runs first (files run in name order): the extension is not active yet and its analysis cache is empty
// (a fresh profile per run), so this measures a cold start.

const api = () => papersApi();

suite('Activation', () => {
  test("Papers' keyboard shortcuts take no key that VS Code binds by default on this platform", async () => {
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    const text = await until('the default keybindings', () => vscode.window.activeTextEditor?.document.getText());
    const defaults = (parse(text) as { key: string; command: string }[]).filter(
      (k) => !k.command.startsWith('papers.'),
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(defaults.length > 100, `${defaults.length} default keybindings read`);
    const platform = process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : 'linux';
    const ours = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.keybindings as Record<
      string,
      string
    >[];
    for (const binding of ours) {
      const key = binding[platform] ?? binding.key;
      const taken = defaults.filter((d) => d.key === key).map((d) => d.command);
      assert.deepEqual(taken, [], `${binding.command} on ${key}`);
    }
  });

  test('opening a Markdown file does not start Papers (a workspace without .papers/ has not asked for it)', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Notes\n\nsome text\n' });
    await vscode.window.showTextDocument(doc);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, false);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test("opening the view fills the tree with the seeds' themes from the bundled snapshot, without analyzing them, in under 5 s", async () => {
    assert.equal(
      vscode.extensions.getExtension(EXTENSION_ID)?.isActive,
      false,
      'nothing activated the extension before the view opened',
    );
    const started = Date.now();
    await vscode.commands.executeCommand('workbench.view.extension.papers');
    const { tree, services } = await api();
    const groups = await until('themes in the tree', () => {
      const g = tree.children();
      return g.length > 0 ? g : undefined;
    });
    const elapsed = Date.now() - started;
    console.log(`      tree populated ${elapsed} ms after opening the view (${groups.length} themes)`);
    // A wall-clock bound tight enough to hold the 1 s target would fail on a busy CI machine for no product
    // change; what keeps a cold start fast is that the seeds come from dist/seeds.snapshot (made at build time)
    // rather than from an analysis, and that is checked exactly: an analysis would have left a cache entry.
    // The loose time bound only catches an activation that stalls.
    assert.ok(elapsed < 5000, `tree populated in ${elapsed} ms`);
    const cacheDir = vscode.Uri.joinPath(services.context.globalStorageUri, 'analysis-cache');
    const cached = await Promise.resolve(vscode.workspace.fs.readDirectory(cacheDir)).then(
      (entries) => entries.map(([name]) => name),
      () => [],
    );
    assert.deepEqual(
      cached.filter((name) => name.endsWith('.snapshot')),
      [],
      'the seeds were analyzed instead of read from the bundled snapshot',
    );
    assert.ok(groups.length >= 10 && groups.length <= 20, `${groups.length} themes`);
    const total = groups.reduce((n, g) => n + (g.kind === 'group' ? g.paperIds.length : 0), 0);
    assert.equal(total, 340);
    assert.equal(services.model.analysis?.papers.filter((p) => p.collections.length === 2).length, 20);
    const item = tree.getTreeItem(groups[0]);
    assert.equal(item.description, String(groups[0].kind === 'group' && groups[0].paperIds.length));
  });
});
