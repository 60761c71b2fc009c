import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { paperId } from '../../../src/core/papers';
import { ArrivalsStore, arrivalsStorage } from '../../../src/features/arrivals';
import { fileStorage } from '../../../src/features/arrivals/storage';
import { openSearchPick } from '../../../src/features/search/pick';
import { Services } from '../../../src/features/services';
import { NewNode, TreeNode } from '../../../src/features/tree/types';
import { papersApi, restoreSeeds } from './papersApi';
import { until } from './until';
import { workspaceFile as file } from './workspaceSteps';

/** Made-up abstracts about one subject each (distinct sentences: distinct papers), as a Daily Papers dump holds them. */
function abstracts(subject: string, n: number): string[] {
  return Array.from(
    { length: n },
    (_, i) =>
      `We study ${subject} in setting number ${i + 1}. Our method measures how ${subject} changes under ` +
      `condition ${String.fromCharCode(65 + i)} and compares it with ${i + 2} baselines on a new benchmark. ` +
      `Experiments show that ${subject} improves by ${10 + i} percent while the cost stays the same.`,
  );
}

const dump = (papers: string[]) => new TextEncoder().encode(`Daily Papers\n\n${papers.join('\n\n')}\n`);

const DAY_ONE = abstracts('coral reef acoustics', 6);
const DAY_TWO = abstracts('glacier moulin drainage', 4);
const LATER = abstracts('beehive thermal regulation', 3);
const ids = (papers: string[]) => papers.map(paperId);
const sorted = (list: readonly string[]) => [...list].sort();

const setCollections = (files: string[]) =>
  vscode.workspace.getConfiguration('papers').update('collections', files, vscode.ConfigurationTarget.Workspace);

/** The library has exactly these papers. */
const libraryOf = (services: Services, n: number) =>
  until(`a library of ${n} papers`, () => services.model.analysis?.papers.length === n, 60_000);

/** The New group at the top of the tree (under the regroup advice, when a grown library has it), if any. */
async function newGroupOf(): Promise<NewNode | undefined> {
  const { tree } = await papersApi();
  const top = tree.children().find((n) => n.kind !== 'advice');
  return top?.kind === 'new' ? top : undefined;
}

/** The paper ids listed under a node (one level). */
async function paperRowsOf(node: TreeNode): Promise<string[]> {
  const { tree } = await papersApi();
  return tree
    .children(node)
    .filter((n) => n.kind === 'paper')
    .map((n) => n.id);
}

/** The papers the search pick lists for a query. */
async function searched(query: string): Promise<string[]> {
  const { services } = await papersApi();
  const opened = openSearchPick(services, { initial: query })!;
  const qp = opened.quickPick as vscode.QuickPick<vscode.QuickPickItem & { paperId?: string }>;
  const found = qp.items.flatMap((i) => i.paperId ?? []);
  qp.hide();
  await opened.result;
  return found;
}

/** What a store made after a window reload reads from the extension's storage: the new papers, and a probe. */
async function afterReload(services: Services): Promise<{ newIds: string[]; isNew: (id: string) => boolean }> {
  const reloaded = new ArrivalsStore({
    model: services.model,
    log: services.log,
    storage: arrivalsStorage(services.context),
    extensionUri: services.context.extensionUri,
  });
  try {
    await reloaded.ready;
    const newIds = reloaded.newIds();
    return { newIds, isNew: (id) => newIds.includes(id) };
  } finally {
    reloaded.dispose();
  }
}

suite('What is new: the New group, its badge, is:new, Mark All as Seen', () => {
  /** A second store on a state of its own: sees the seeds shown, then the first load of the library. */
  let fresh: ArrivalsStore;
  let freshDir: string;
  const freshFile = () => vscode.Uri.file(path.join(freshDir, 'arrivals.json'));
  /** Whether the fresh store wrote anything while the bundled seeds were shown. */
  let wroteOnSeeds: boolean | undefined;

  suiteSetup(async function () {
    this.timeout(120_000);
    const { services } = await papersApi(60_000);
    freshDir = path.join(os.tmpdir(), `papers-arrivals-${process.pid}-${Date.now()}`);
    fresh = new ArrivalsStore({
      model: services.model,
      log: services.log,
      storage: fileStorage(freshFile()),
      extensionUri: services.context.extensionUri,
    });
    await fresh.ready;
    await fresh.saved();
    assert.equal(services.model.analysis?.papers.length, 340, 'the suite starts on the bundled seeds');
    wroteOnSeeds = await Promise.resolve(vscode.workspace.fs.stat(freshFile())).then(
      () => true,
      () => false,
    );
    await vscode.workspace.fs.writeFile(file('daily', 'day1.txt'), dump(DAY_ONE));
    await vscode.workspace.fs.writeFile(file('daily', 'day2.txt'), dump(DAY_TWO));
    await setCollections(['daily/day1.txt']);
    await libraryOf(services, DAY_ONE.length);
    // an earlier suite may have loaded another library in this window: what it left new is not this suite's
    await services.arrivals.markAllSeen();
  });

  suiteTeardown(async function () {
    this.timeout(60_000);
    fresh.dispose();
    await vscode.workspace.fs.delete(vscode.Uri.file(freshDir), { recursive: true }).then(undefined, () => undefined);
    await restoreSeeds();
    await vscode.workspace.fs.delete(file('daily'), { recursive: true });
  });

  test('the bundled seeds never count; the first load of the library makes nothing new', async () => {
    const { services } = await papersApi();
    assert.equal(wroteOnSeeds, false, 'nothing recorded while the seeds were shown');
    assert.equal(services.model.analysis?.papers.length, DAY_ONE.length);
    await until('the first load kept', () =>
      Promise.resolve(vscode.workspace.fs.stat(freshFile())).then(
        () => true,
        () => false,
      ),
    );
    await fresh.saved();
    const kept = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(freshFile())));
    assert.equal(kept.started, true);
    assert.deepEqual(kept.batches, []);
    assert.equal(await newGroupOf(), undefined, 'no New group');
    assert.equal((await papersApi()).tree.view.badge, undefined, 'no badge');
  });

  test('a damaged state file is logged and started again; the store goes on working', async () => {
    const { services } = await papersApi();
    const damaged = vscode.Uri.file(path.join(freshDir, 'damaged', 'arrivals.json'));
    await vscode.workspace.fs.writeFile(damaged, new TextEncoder().encode('{"format":"papers-arrivals","vers'));
    const store = new ArrivalsStore({
      model: services.model,
      log: services.log,
      storage: fileStorage(damaged),
      extensionUri: services.context.extensionUri,
    });
    try {
      await store.ready;
      assert.deepEqual(store.newIds(), [], 'started again: this load is its first');
      await store.saved();
      const kept = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(damaged)));
      assert.equal(kept.started, true, 'written anew');
    } finally {
      store.dispose();
    }
  });

  test('a file added to the collections: its papers are new, in the New group, the badge and is:new', async () => {
    const { services, tree } = await papersApi();
    await setCollections(['daily/day1.txt', 'daily/day2.txt']);
    await libraryOf(services, DAY_ONE.length + DAY_TWO.length);
    await until('the new papers', () => services.arrivals.newIds().length === DAY_TWO.length);
    assert.deepEqual(sorted(services.arrivals.newIds()), sorted(ids(DAY_TWO)));
    assert.deepEqual(sorted(fresh.newIds()), sorted(ids(DAY_TWO)), 'the same for any store that saw the first load');
    const group = (await newGroupOf())!;
    assert.ok(group, 'New at the top');
    const item = tree.getTreeItem(group);
    assert.deepEqual([item.label, item.description, item.contextValue], ['New', '4', 'newGroup']);
    assert.deepEqual(sorted(await paperRowsOf(group)), sorted(ids(DAY_TWO)), 'one batch: its papers right under New');
    const row = tree.children(group)[0];
    assert.ok(tree.getTreeItem(row).description, 'a new paper row says its theme');
    assert.deepEqual(tree.view.badge, { value: 4, tooltip: '4 new papers' });
    const themed = tree.children().filter((g) => g.kind === 'group');
    const inThemes = (await Promise.all(themed.map(paperRowsOf))).flat();
    assert.ok(
      ids(DAY_TWO).every((id) => inThemes.includes(id)),
      'new papers are in their themes too',
    );
    assert.deepEqual(sorted(await searched('is:new')), sorted(ids(DAY_TWO)));
    assert.deepEqual(await searched('is:new coral'), [], 'is:new with words: the new papers that match');
    await services.prefs.setGroupBy('collection');
    assert.equal((await newGroupOf())?.paperIds.length, 4, 'New at the top of the collections too');
    await services.prefs.setGroupBy('theme');
  });

  test('a watched collection file that grows brings a second batch: a row per batch, newest first; Mark as Seen on one', async () => {
    const { services, tree } = await papersApi();
    await vscode.workspace.fs.writeFile(file('daily', 'day2.txt'), dump([...DAY_TWO, ...LATER]));
    await libraryOf(services, DAY_ONE.length + DAY_TWO.length + LATER.length);
    await until('the second batch', () => services.arrivals.batches().length === 2);
    const group = (await newGroupOf())!;
    const batches = tree.children(group) as NewNode[];
    assert.deepEqual(
      batches.map((b) => sorted(b.paperIds)),
      [sorted(ids(LATER)), sorted(ids(DAY_TWO))],
    );
    for (const b of batches) {
      const item = tree.getTreeItem(b);
      assert.match(String(item.label), /^Today, \d\d:\d\d$/, 'two batches today: told apart by their time');
      assert.equal(item.contextValue, 'newBatch');
      assert.equal(tree.getParent(b)?.id, group.id);
    }
    assert.equal(tree.view.badge?.value, 7);
    await vscode.commands.executeCommand('papers.markBatchSeen', batches[1]);
    assert.deepEqual(sorted(services.arrivals.newIds()), sorted(ids(LATER)));
    assert.deepEqual(sorted(await paperRowsOf((await newGroupOf())!)), sorted(ids(LATER)), 'one batch left');
    assert.equal(tree.view.badge?.value, 3);
  });

  test('opening a new paper marks it seen; a reload (a new store on the same storage) knows it', async () => {
    const { services, tree } = await papersApi();
    const [opened, ...others] = ids(LATER);
    await vscode.commands.executeCommand('papers.openPaper', opened);
    await until('the paper seen', () => !services.arrivals.isNew(opened));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(tree.view.badge?.value, 2);
    assert.ok(!(await searched('is:new')).includes(opened));
    await (services.arrivals as ArrivalsStore).saved();
    assert.ok(services.context.storageUri, 'a workspace: the state is a file of its own storage');
    await vscode.workspace.fs.stat(vscode.Uri.joinPath(services.context.storageUri, 'arrivals.json'));
    const reloaded = await afterReload(services);
    assert.deepEqual(sorted(reloaded.newIds), sorted(others));
    assert.equal(reloaded.isNew(opened), false);
  });

  test('Mark All as Seen (the palette command) empties New and the badge, and stays so after a reload', async () => {
    const { services, tree } = await papersApi();
    await vscode.commands.executeCommand('papers.markAllSeen');
    assert.equal(await newGroupOf(), undefined);
    assert.equal(tree.view.badge, undefined);
    assert.deepEqual(await searched('is:new'), []);
    assert.deepEqual((await afterReload(services)).newIds, []);
  });

  test("a day's papers in New are ranked as For You ranks them: the ones like the starred first, each saying why", async function () {
    this.timeout(90_000);
    const { services, tree } = await papersApi();
    const starred = ids(DAY_ONE).slice(0, 2);
    const like = abstracts('coral reef acoustics at night', 3);
    const unlike = abstracts('volcanic ash dispersion', 3);
    const day = [unlike[0], like[0], unlike[1], like[1], unlike[2], like[2]];
    try {
      for (const id of starred) await vscode.commands.executeCommand('papers.star', id);
      await vscode.workspace.fs.writeFile(file('daily', 'day3.txt'), dump(day));
      await setCollections(['daily/day1.txt', 'daily/day2.txt', 'daily/day3.txt']);
      const batch = await until('the day ranked', () => {
        const b = services.arrivals.batches().find((x) => x.ids.length === day.length);
        return b && services.forYou.batchOrder(b.id) ? b : undefined;
      });
      assert.deepEqual(batch.ids, ids(day), 'the batch in file order');
      const rows = await paperRowsOf((await newGroupOf())!);
      assert.deepEqual(sorted(rows.slice(0, 3)), sorted(ids(like)), `the coral papers first: ${rows.join(', ')}`);
      assert.deepEqual(sorted(rows), sorted(ids(day)));
      const first = tree.children((await newGroupOf())!).find((n) => n.kind === 'paper')!;
      const hover = tree.getTreeItem(first).tooltip as vscode.MarkdownString;
      assert.match(hover.value, /For you:\*\* like/, 'the hover says which starred papers it is like');
    } finally {
      for (const id of starred) await services.userData.update(id, (d) => ({ ...d, starred: false }));
      await services.arrivals.markAllSeen();
    }
  });
});
