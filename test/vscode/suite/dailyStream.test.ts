import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import { Analysis } from '../../../src/core/analysis';
import { madeUpTwoLevelLibrary } from '../../helpers/madeUpCorpus';
import { until } from './until';
import { withMembers } from '../../../src/features/themes/moves';
import { MIN_THEME_OVERLAP, themeOverlap } from '../../../src/core/themes';
import { papersApi, restoreSeeds } from './papersApi';
import { recordMessages } from './messages';
import { growthRegroupMessage, growthRegroupNotice } from '../../../src/core/analysis';
import { NEW_GROUP_ID } from '../../../src/features/tree/types';
import { SHOW_NEW } from '../../../src/features/themes/growthNotice';

/**
 * Five made-up fields of 44 abstracts; a run token in every abstract makes the papers (and the cache keys) new
 * each run. Day 1: 40 abstracts of each of fields 0–3; day 2: the other 4 of those fields and 30 of field 4 (under
 * a quarter of the library: a larger batch groups a small library afresh, core/analysis/growthRegroup.ts).
 */
function days(): { day1: string[]; day2: string[]; foreign: string[]; rest: string[] } {
  const run = Date.now().toString(36);
  const byField = new Map<string, string[]>();
  for (const p of madeUpTwoLevelLibrary(5, 1, 44))
    byField.set(p.field, [...(byField.get(p.field) ?? []), `${p.text} Run ${run}.`]);
  const field = (f: number) => byField.get(`f${f}`)!;
  const foreign = field(4).slice(0, 30);
  return {
    day1: [0, 1, 2, 3].flatMap((f) => field(f).slice(0, 40)),
    day2: [...[0, 1, 2, 3].flatMap((f) => field(f).slice(40)), ...foreign],
    foreign,
    /** The other 14 of field 4. */
    rest: field(4).slice(30),
  };
}

/** Resolves once the model has not changed for `ms` milliseconds. */
async function quiet(model: PapersApi['services']['model'], ms: number): Promise<void> {
  let last = Date.now();
  const listener = model.onDidChange(() => (last = Date.now()));
  try {
    await until('a quiet model', () => Date.now() - last >= ms, 30_000);
  } finally {
    listener.dispose();
  }
}

const dump = (lines: string[]) => new TextEncoder().encode(`Daily Papers\n\n${lines.join('\n\n')}\n`);
const themeOf = (a: Analysis) => new Map(a.papers.map((p) => [p.id, p.theme]));
const cacheDir = (api: PapersApi) => vscode.Uri.joinPath(api.services.context.globalStorageUri, 'analysis-cache');
async function entries(api: PapersApi): Promise<string[]> {
  const list = await Promise.resolve(vscode.workspace.fs.readDirectory(cacheDir(api))).then(undefined, () => []);
  return list.map(([name]) => name).filter((n) => n.endsWith('.snapshot'));
}

/** The notification of a growth that grouped the themes afresh (features/themes/growthNotice.ts). */
const isGroupedAfresh = (message: string) => /grouped afresh/.test(message);

suite('Daily stream: a new dump joins the library without regrouping it', () => {
  suiteTeardown(restoreSeeds);
  let recorded: ReturnType<typeof recordMessages> | undefined;
  teardown(() => recorded?.stop());

  test('a dump saved into a collection folder joins the themes; old papers and labels stay; a new field forms a theme; a reload restores it', async function () {
    this.timeout(120_000);
    const api = await papersApi();
    const { services } = api;
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const { day1, day2, foreign } = days();
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'daily', 'day1.txt'), dump(day1));
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', ['daily/*.txt'], vscode.ConfigurationTarget.Workspace);
    const first = await until(
      'day 1',
      () => services.model.analysis?.papers.length === day1.length && services.model.analysis,
      60_000,
    );
    const oldThemes = themeOf(first);
    const oldLabels = new Map(first.computedThemes.map((t) => [t.id, t.label]));
    await until('day 1 cached', async () => (await entries(api)).length > 0, 30_000);
    const cached = await entries(api);

    const saved = Date.now();
    recorded = recordMessages();
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'daily', 'day2.txt'), dump(day2));
    const grown = await until(
      'day 2 in the library',
      () => services.model.analysis?.papers.length === day1.length + day2.length && services.model.analysis,
      60_000,
    );
    console.log(
      `    a dump of ${day2.length} abstracts joined a library of ${day1.length} in ${Date.now() - saved} ms`,
    );
    for (const [id, theme] of oldThemes) assert.equal(grown.byId.get(id)?.theme, theme, `paper ${id} moved`);
    for (const [id, label] of oldLabels)
      assert.equal(grown.computedThemes.find((t) => t.id === id)?.label, label, `theme ${id} relabelled`);
    const newThemes = grown.computedThemes.filter((t) => !oldLabels.has(t.id));
    assert.ok(newThemes.length >= 1, 'the new field forms a theme');
    const foreignIds = grown.papers.filter((p) => foreign.some((f) => f.startsWith(p.abstract.slice(0, 60))));
    const inNew = foreignIds.filter((p) => newThemes.some((t) => t.id === p.theme)).length;
    assert.ok(inNew >= 0.8 * foreign.length, `${inNew} of ${foreign.length} papers of the new field in new themes`);
    // searchable at once, by text and by the new theme
    const newcomer = grown.papers.find((p) => !oldThemes.has(p.id))!;
    const words = newcomer.abstract.split(' ').slice(2, 6).join(' ');
    assert.ok(
      grown.search.search(words, { limit: 200 }).some((h) => h.id === newcomer.id),
      `search finds "${words}"`,
    );
    const label = newThemes[0].label;
    assert.ok(grown.search.search(`theme:"${label}"`, { limit: 200 }).length >= 6, `theme:"${label}"`);

    // the analysis process writes the grown analysis's entry; a reload restores it, themes and all
    await until('the grown analysis cached', async () => (await entries(api)).some((n) => !cached.includes(n)), 60_000);
    await services.model.reload();
    const restored = services.model.analysis!;
    assert.notEqual(restored, grown);
    assert.deepEqual(themeOf(restored), themeOf(grown));
    assert.deepEqual(
      restored.computedThemes.map((t) => [t.id, t.label]),
      grown.computedThemes.map((t) => [t.id, t.label]),
    );
    assert.deepEqual(recorded.messages.filter(isGroupedAfresh), [], 'a growth that placed the dump says nothing');

    // a dump taken away: its papers leave, the others stay where they were
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'daily', 'day2.txt'));
    const shrunk = await until(
      'day 2 gone',
      () => services.model.analysis?.papers.length === day1.length && services.model.analysis,
      60_000,
    );
    for (const [id, theme] of oldThemes) assert.equal(shrunk.byId.get(id)?.theme, theme, `paper ${id} moved`);
    assert.ok(!shrunk.computedThemes.some((t) => newThemes.some((n) => n.id === t.id)), 'the emptied theme went');
  });

  test('a file that cannot be read dropped into the folder is a problem naming it; the library is not analyzed again', async function () {
    this.timeout(60_000);
    const { services } = await papersApi();
    const folder = vscode.workspace.workspaceFolders![0].uri;
    await quiet(services.model, 1000); // the last test's load has settled: its analysis is the one to compare with
    const before = services.model.analysis!;
    const broken = vscode.Uri.joinPath(folder, 'daily', 'broken.txt');
    // not UTF-8: no abstract can be read from it
    await vscode.workspace.fs.writeFile(broken, new Uint8Array([0x44, 0x61, 0xff, 0xfe, 0xfd, 0x0a, 0xc3, 0x28]));
    try {
      const after = await until(
        'the problem reported',
        () => services.model.analysis?.problems.some((p) => p.file.endsWith('broken.txt')) && services.model.analysis,
        45_000,
      );
      assert.equal(after.papers.length, before.papers.length);
      // grown, not analyzed afresh: the papers are the objects the last analysis had, in the same themes
      assert.ok(
        after.papers.every((p) => before.byId.get(p.id) === p),
        'the papers analyzed again',
      );
      assert.deepEqual(themeOf(after), themeOf(before));
    } finally {
      await vscode.workspace.fs.delete(broken);
    }
  });

  test('Regroup computes a fresh grouping without showing it; discard leaves the themes, apply shows it and keeps a rename', async function () {
    this.timeout(120_000);
    const api = await papersApi();
    const { services } = api;
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const { day1, day2 } = days();
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'daily', 'day1.txt'), dump(day1));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'daily', 'day2.txt'), dump(day2));
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', ['daily/day1.txt'], vscode.ConfigurationTarget.Workspace);
    await until('day 1', () => services.model.analysis?.papers.length === day1.length, 60_000);
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', ['daily/*.txt'], vscode.ConfigurationTarget.Workspace);
    const grown = await until(
      'day 2 grown into the themes',
      () => services.model.analysis?.papers.length === day1.length + day2.length && services.model.analysis,
      60_000,
    );
    // the user renames the largest theme: the name must survive a regroup
    const renamed = grown.themes.find((t) => !t.user && t.parent === undefined)!;
    // as Rename Theme stores it: with the theme's papers, so the name can follow them into a new grouping
    await services.corrections.update((c) =>
      withMembers({ ...c, renames: { ...c.renames, [renamed.id]: 'My own name' } }, services),
    );
    await until('the rename shown', () => services.model.analysis?.themes.some((t) => t.label === 'My own name'));
    // the file watcher's events for the dumps written above may come late and reload (restoring the same themes):
    // the regroup starts once the model has been quiet for a while
    await quiet(services.model, 2000);
    const shown = services.model.analysis!;
    const themesShown = () => services.model.analysis?.themes.map((t) => [t.id, t.label, t.paperIds]);
    const before = themesShown();

    const first = await services.model.regroup(() => {}, new AbortController().signal);
    assert.ok(first, 'a regrouping');
    assert.ok(first.diff.papers.compared === day1.length + day2.length, 'every paper compared');
    assert.deepEqual(themesShown(), before, 'nothing shown changes before apply');
    await first.discard();
    assert.deepEqual(themesShown(), before);
    assert.equal(services.model.analysis, shown, 'no reload meanwhile');

    const second = (await services.model.regroup(() => {}, new AbortController().signal))!;
    await second.apply();
    const regrouped = services.model.analysis!;
    assert.notEqual(regrouped, shown);
    assert.equal(regrouped.papers.length, shown.papers.length);
    assert.equal(regrouped.model?.placedSince, 0, 'a fresh grouping has placed nothing yet');
    assert.ok(
      regrouped.themes.some((t) => t.label === 'My own name'),
      'the rename follows its theme',
    );
  });
  test('a batch of a quarter of a small library groups it afresh off the host and says so: a rename follows its theme, the batch is new', async function () {
    this.timeout(120_000);
    const api = await papersApi();
    const { services } = api;
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const { day1, day2, rest } = days();
    const batch = [...day2, ...rest]; // 60 papers joining 160
    // no correction of an earlier test: its rename would name a theme of this one "My own name" too
    await services.corrections.reset();
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'large', 'day1.txt'), dump(day1));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'large', 'day2.txt'), dump(batch));
    const config = vscode.workspace.getConfiguration('papers');
    await config.update('collections', ['large/day1.txt'], vscode.ConfigurationTarget.Workspace);
    const first = await until(
      'day 1',
      () => services.model.analysis?.papers.length === day1.length && services.model.analysis,
      60_000,
    );
    const renamed = first.themes.find((t) => !t.user)!;
    await services.corrections.update((c) =>
      withMembers({ ...c, renames: { ...c.renames, [renamed.id]: 'My own name' } }, services),
    );
    await until('the rename shown', () => services.model.analysis?.themes.some((t) => t.label === 'My own name'));
    // the renamed theme's papers as the rename recorded them, from the analysis shown then (not necessarily
    // `first`): a regroup's rename follows these
    const mates = services.corrections.corrections.themeMembers?.[renamed.id] ?? [];
    assert.ok(mates.length > 0, 'the rename recorded its papers');
    await quiet(services.model, 2000);
    await services.arrivals.markAllSeen();
    const shown = services.model.analysis!;
    const shownBefore = { themes: shown.themes, computedThemes: shown.computedThemes };
    // the notification answered as a click on its action would
    recorded = recordMessages((m) => (isGroupedAfresh(m) ? SHOW_NEW : undefined));

    await config.update('collections', ['large/*.txt'], vscode.ConfigurationTarget.Workspace);
    const grown = await until(
      'the batch in the library',
      () => services.model.analysis?.papers.length === day1.length + batch.length && services.model.analysis,
      60_000,
    );
    assert.equal(grown.model?.placedSince, 0, 'grouped afresh: nothing placed since');
    // one notification says why the tree changed, with the numbers of the groupings before and after
    const notices = await until('the notification', () => {
      const found = recorded!.messages.filter(isGroupedAfresh);
      return found.length > 0 && found;
    });
    console.log(`    ${notices[0]}`);
    assert.match(
      notices[0],
      /^Papers: 60 new papers made up 27% of the library, so its themes were grouped afresh: \d+ of \d+ themes? kept (its name|their names), (\d+ of 160 earlier papers|no earlier paper) changed theme\. Your rename was kept\.$/,
    );
    const expected = growthRegroupNotice(shownBefore, grown, services.corrections.corrections);
    assert.deepEqual(notices, [growthRegroupMessage(expected)]);
    assert.ok(expected.themes === shown.computedThemes.length, 'every theme shown before is counted');
    await until('Show New opens the New group', () => api.tree.view.selection.some((n) => n.id === NEW_GROUP_ID));
    const renamedNow = grown.themes.find((t) => t.label === 'My own name');
    assert.ok(renamedNow, 'the rename is shown');
    // on a theme that shares its papers, as a correction follows them into a new grouping
    assert.ok(themeOverlap(renamedNow.paperIds, mates) >= MIN_THEME_OVERLAP, 'on a theme of its papers');
    await until('the arrivals recorded', () => grown.papers.some((p) => services.arrivals.isNew(p.id)), 30_000);
    const isNew = (id: string) => services.arrivals.isNew(id);
    assert.equal(grown.papers.filter((p) => isNew(p.id)).length, batch.length, 'the batch is new');
    assert.ok(
      mates.every((id) => !isNew(id)),
      'the papers seen stay seen',
    );
    // its cache entry was written by the analysis process: a reload restores the same themes, and says nothing
    await services.model.reload();
    assert.deepEqual(themeOf(services.model.analysis!), themeOf(grown));
    assert.equal(recorded.messages.filter(isGroupedAfresh).length, 1, 'a restore says nothing');
  });
});
