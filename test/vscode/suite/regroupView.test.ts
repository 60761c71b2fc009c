import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import type { RegroupShown } from '../../../src/features/themes/regroup';
import { until } from './until';
import { papersApi, restoreSeeds } from './papersApi';

/**
 * The bundled seed dumps (three real days of abstracts) as days that each grow the library without regrouping it:
 * the first dump, then the abstracts of the other two in parts of a quarter of the library's lines so far (so each
 * part is under a quarter of the library it joins: a larger batch groups a small library afresh, growthRegroup.ts).
 */
async function seedDays(api: PapersApi): Promise<Uint8Array[]> {
  const seeds = vscode.Uri.joinPath(api.services.context.extensionUri, 'seeds');
  const names = (await vscode.workspace.fs.readDirectory(seeds)).map(([n]) => n).filter((n) => n.endsWith('.txt'));
  const dumps = await Promise.all(names.sort().map((n) => vscode.workspace.fs.readFile(vscode.Uri.joinPath(seeds, n))));
  const abstracts = dumps.map((d) =>
    new TextDecoder()
      .decode(d)
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== ''),
  );
  const parts = [abstracts[0]];
  const rest = abstracts.slice(1).flat();
  for (let lines = abstracts[0].length; rest.length > 0; lines += parts[parts.length - 1].length)
    parts.push(rest.splice(0, Math.floor(lines / 4)));
  return parts.map((lines) => new TextEncoder().encode(`Daily Papers\n\n${lines.join('\n')}\n`));
}

const themesOf = (api: PapersApi) => api.services.model.analysis?.themes.map((t) => [t.id, t.label, t.paperIds]);

/** Resolves once the model has not changed for `ms` milliseconds (late watcher events reload the same themes). */
async function quiet(api: PapersApi, ms: number): Promise<void> {
  let last = Date.now();
  const listener = api.services.model.onDidChange(() => (last = Date.now()));
  try {
    await until('a quiet model', () => Date.now() - last >= ms, 30_000);
  } finally {
    listener.dispose();
  }
}

async function regroup(): Promise<RegroupShown> {
  const shown = await vscode.commands.executeCommand<RegroupShown | undefined>('papers.regroupThemes');
  assert.ok(shown, 'the regroup preview is shown');
  return shown;
}

suite('Regroup preview: the changes in a view, applied or cancelled from it', () => {
  suiteTeardown(restoreSeeds);

  test('a grown library: the advice row opens the preview; Cancel keeps the themes, a stale preview cannot be applied, Apply regroups', async function () {
    this.timeout(180_000);
    const api = await papersApi(60_000);
    const { services, tree } = api;
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const days = await seedDays(api);
    const day = (i: number) => vscode.Uri.joinPath(folder, 'regroup', `day${i + 1}.txt`);
    for (const [i, bytes] of days.entries()) await vscode.workspace.fs.writeFile(day(i), bytes);
    // one day after the other, each grown into the themes (a load that more than doubles the library is analyzed
    // afresh, and a fresh grouping suggests nothing): two thirds of the library arrive after its grouping. The days
    // join by the setting, all files written before: no file watcher's late event reloads the library meanwhile.
    let papers = 0;
    for (let n = 1; n <= days.length; n++) {
      const before = papers;
      await vscode.workspace.getConfiguration('papers').update(
        'collections',
        days.slice(0, n).map((_, i) => `regroup/day${i + 1}.txt`),
        vscode.ConfigurationTarget.Workspace,
      );
      papers = await until(
        `day ${n}`,
        () =>
          services.model.analysis?.collections.length === n &&
          services.model.analysis.papers.length > before &&
          services.model.analysis.papers.length,
        60_000,
      );
    }
    await quiet(api, 2000);

    // the tree suggests a regroup with a row above the groups, which runs Regroup Themes
    const advice = tree.children()[0];
    assert.equal(advice?.kind, 'advice', 'the first row is the advice');
    const item = tree.getTreeItem(advice);
    assert.equal(item.command?.command, 'papers.regroupThemes');
    assert.match(String(item.description), /^\d+ of \d+ new$/);
    assert.match(String(item.tooltip), /of the library arrived since the themes were last grouped/);

    const shown = services.model.analysis!;
    const before = themesOf(api);
    const first = await regroup();
    assert.match(first.summary, /papers? would move|No paper would move/);
    assert.ok(first.sections.length > 0, 'changes listed');
    const moving = first.sections.flatMap((s) => s.changes.flatMap((c) => c.flows.flatMap((f) => f.flow.paperIds)));
    assert.ok(
      moving.every((id) => services.model.paper(id)),
      'every paper listed is in the library',
    );
    assert.deepEqual(themesOf(api), before, 'nothing changes while the preview is open');
    await vscode.commands.executeCommand('papers.regroupPreview.cancel');
    assert.deepEqual(themesOf(api), before, 'Cancel leaves the themes');
    assert.equal(services.model.analysis, shown);
    assert.equal(await vscode.commands.executeCommand('papers.regroupPreview.apply'), 'none', 'nothing to apply');

    // a new analysis while the preview is open: it is out of date and Apply refuses
    await regroup();
    await services.model.reload();
    const reloaded = services.model.analysis!;
    assert.notEqual(reloaded, shown);
    assert.equal(await vscode.commands.executeCommand('papers.regroupPreview.apply'), 'stale', 'a stale preview');
    assert.equal(services.model.analysis, reloaded, 'the stale preview was not applied');
    await vscode.commands.executeCommand('papers.regroupPreview.cancel');

    await regroup();
    assert.equal(await vscode.commands.executeCommand('papers.regroupPreview.apply'), 'applied');
    const regrouped = services.model.analysis!;
    assert.notEqual(regrouped, reloaded);
    assert.notDeepEqual(themesOf(api), before, 'the fresh grouping is shown');
    assert.equal(regrouped.model?.placedSince, 0);
    assert.notEqual(tree.children()[0]?.kind, 'advice', 'no advice after a regroup');
  });
});
