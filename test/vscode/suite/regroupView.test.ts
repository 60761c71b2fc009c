import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import type { RegroupShown } from '../../../src/features/themes/regroup';
import { madeUpTwoLevelLibrary } from '../../helpers/madeUpCorpus';
import { until } from './until';
import { papersApi, restoreSeeds } from './papersApi';

/**
 * Made-up fields of two topics each; day 1 holds the first topic of each field, day 2 the second topics: grown into
 * day 1's themes, the second topics sit in their field's theme until a regroup finds them (changes to preview), and
 * day 2 is more than a third of the library (the tree suggests the regroup). A run token makes the papers new.
 */
function days(): { day1: string[]; day2: string[] } {
  const run = Date.now().toString(36);
  const papers = madeUpTwoLevelLibrary(4, 2, 30).map((p) => ({ ...p, text: `${p.text} Run ${run}.` }));
  return {
    day1: papers.filter((p) => p.topic.endsWith('t0')).map((p) => p.text),
    day2: papers.filter((p) => p.topic.endsWith('t1')).map((p) => p.text),
  };
}

const dump = (lines: string[]) => new TextEncoder().encode(`Daily Papers\n\n${lines.join('\n\n')}\n`);
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
    const api = await papersApi();
    const { services, tree } = api;
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const { day1, day2 } = days();
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'regroup', 'day1.txt'), dump(day1));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'regroup', 'day2.txt'), dump(day2));
    const settings = vscode.workspace.getConfiguration('papers');
    await settings.update('collections', ['regroup/day1.txt'], vscode.ConfigurationTarget.Workspace);
    await until('day 1', () => services.model.analysis?.papers.length === day1.length, 60_000);
    await settings.update('collections', ['regroup/*.txt'], vscode.ConfigurationTarget.Workspace);
    const total = day1.length + day2.length;
    await until('day 2 grown into the themes', () => services.model.analysis?.papers.length === total, 60_000);
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
