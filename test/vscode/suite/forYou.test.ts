import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Paper } from '../../../src/core/papers';
import { paperViewModel } from '../../../src/features/paperPanel/panel';
import { searchPapers } from '../../../src/features/search/pick';
import { ForYouService } from '../../../src/features/services';
import { forYouGroup, hintRows } from '../../../src/features/tree/forYouGroup';
import { FOR_YOU_GROUP_ID, ForYouNode, TreeNode } from '../../../src/features/tree/types';
import { papersApi } from './papersApi';
import { until } from './until';

const api = () => papersApi(60_000);

/** The For You group of the tree, when it is there. */
async function forYouNode(): Promise<ForYouNode | undefined> {
  const { tree } = await api();
  return tree.children().find((g): g is ForYouNode => g.kind === 'forYou');
}

/** The paper ids For You lists in the tree. */
async function listed(): Promise<string[]> {
  const { tree } = await api();
  const node = await forYouNode();
  return node ? tree.children(node).flatMap((n: TreeNode) => (n.kind === 'paper' ? [n.id] : [])) : [];
}

/** The largest theme's papers that carry no user data yet (other suites of this window starred and read some). */
async function untouchedTheme(): Promise<{ theme: string; papers: Paper[] }> {
  const { services } = await api();
  const analysis = services.model.analysis!;
  const withData = new Set(services.userData.idsWithData());
  const byTheme = new Map<string, Paper[]>();
  for (const p of analysis.papers) {
    if (withData.has(p.id) || services.notes.hasNotes(p.id)) continue;
    byTheme.set(p.theme, [...(byTheme.get(p.theme) ?? []), p]);
  }
  const [theme, papers] = [...byTheme].reduce((a, b) => (b[1].length > a[1].length ? b : a));
  return { theme, papers };
}

suite('For You', () => {
  let starred: Paper[] = [];

  suiteTeardown(async () => {
    const { services } = await api();
    for (const p of starred)
      await services.userData.update(p.id, (d) => ({ ...d, starred: false, notInterested: false }));
  });

  test('with no signal the group is one row that says how to give some', () => {
    const none: ForYouService = {
      onDidChange: () => ({ dispose() {} }),
      ranked: true,
      hasSignals: false,
      feed: [],
      order: [],
      batchOrder: () => undefined,
      reasonsOf: () => undefined,
      reasonTextOf: () => undefined,
      recompute() {},
    };
    const node = forYouGroup(none, () => true)!;
    assert.equal(node.id, FOR_YOU_GROUP_ID);
    const rows = hintRows(node);
    assert.equal(rows.length, 1);
    assert.match((rows[0] as { label: string }).label, /Star, tag, highlight, write notes on or link/);
    assert.equal(
      forYouGroup({ ...none, ranked: false }, () => true),
      undefined,
      'nothing before the first ranking',
    );
  });

  test('three papers of one theme starred: For You fills with papers of that theme, each with its reason', async function () {
    this.timeout(60_000);
    const { services, tree } = await api();
    const { theme, papers } = await untouchedTheme();
    assert.ok(papers.length >= 8, `the theme has ${papers.length} untouched papers`);
    starred = papers.slice(0, 3);
    for (const p of starred) await vscode.commands.executeCommand('papers.star', p.id);
    const starredIds = new Set(starred.map((p) => p.id));
    const ids = await until('For You to list papers like the starred ones', async () => {
      const now = await listed();
      return now.length > 0 && starred.every((p) => services.forYou.reasonsOf(now[0]) && !now.includes(p.id))
        ? now
        : undefined;
    });
    // other suites of this window leave signals of their own: judge the papers listed for these three stars,
    // those whose closest signal paper is one of them
    const byStars = ids.filter((id) => starredIds.has(services.forYou.reasonsOf(id)?.[0]?.id ?? ''));
    const sameTheme = byStars.filter((id) => services.model.paper(id)!.theme === theme);
    const themeSize = services.model.analysis!.papers.filter((p) => p.theme === theme).length;
    const baseRate = themeSize / services.model.analysis!.papers.length;
    console.log(
      `      ${byStars.length} of ${ids.length} listed for the three stars, ${sameTheme.length} of them in the ` +
        `starred theme (base rate ${baseRate.toFixed(2)})`,
    );
    assert.ok(byStars.length >= 5, `${byStars.length} of ${ids.length} listed papers are closest to the three stars`);
    // neighbouring themes hold papers of the same subject: twice the theme's share of the library at least
    assert.ok(
      sameTheme.length >= 2 * baseRate * byStars.length,
      `${sameTheme.length} of the ${byStars.length} papers listed for the stars are of the starred papers' theme`,
    );
    assert.ok(
      ids.every((id) => !services.userData.marks(id).read),
      'read papers are left out',
    );
    // the reason of a paper of that theme names a starred paper, in the tooltip too
    const first = sameTheme[0];
    const because = services.forYou.reasonsOf(first)!;
    assert.ok(
      because.some((r) => starredIds.has(r.id) && r.signal === 'starred'),
      JSON.stringify(because),
    );
    const item = tree.getTreeItem({ kind: 'paper', id: first, groupId: FOR_YOU_GROUP_ID });
    const tooltip = (item.tooltip as vscode.MarkdownString).value;
    assert.match(tooltip, /For you:\*\* like \*/);
    assert.match(tooltip, /starred/);
    assert.doesNotMatch(tooltip, /&nbsp;/, 'spaces that let the hover wrap at words');
    const named = because.filter((r) => starredIds.has(r.id)).map((r) => services.model.paper(r.id)!.title);
    const words = named.map((t) => t.split(/[^A-Za-z]+/).find((w) => w.length >= 5) ?? '');
    assert.ok(
      words.some((w) => w && tooltip.includes(w)),
      `a starred title in ${tooltip}`,
    );
  });

  test('sort:foryou orders the search by the ranking; the paper view says why', async () => {
    const { services } = await api();
    const order = services.forYou.order;
    assert.ok(order.length >= 10);
    assert.deepEqual(
      searchPapers(services, 'sort:foryou', 10).map((h) => h.id),
      order.slice(0, 10),
    );
    const word = services.model
      .paper(order[0])!
      .title.split(/\W+/)
      .find((w) => w.length > 4)!;
    const withWords = searchPapers(services, `${word} sort:foryou`, 60).map((h) => h.id);
    const rankedHits = withWords.filter((id) => order.includes(id));
    assert.deepEqual(
      rankedHits,
      [...rankedHits].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      'hits For You ranks come first, in its order',
    );
    const view = paperViewModel(services, services.model.paper(order[0])!);
    assert.ok(view.forYou?.length, 'Why this paper');
    assert.ok(view.forYou!.some((r) => r.signal === 'starred'));
    assert.equal(view.notInterested, false);
  });

  test('"not interested" moves a paper out of For You and into its file; undo brings it back', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const [paper] = await listed();
    await vscode.commands.executeCommand('papers.notInterested', paper);
    assert.equal(services.userData.data(paper).notInterested, true);
    await until('the paper out of For You', async () => !(await listed()).includes(paper));
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.papers', 'papers', `${paper}.json`);
    assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)), /"notInterested": true/);
    const item = (await api()).tree.getTreeItem({ kind: 'paper', id: paper, groupId: 'x' });
    assert.match(String(item.contextValue), /\bnotinterested\b/);
    await vscode.commands.executeCommand('papers.undoNotInterested', paper);
    await until('the paper back in the ranking', () => services.forYou.order.includes(paper));
    // the mark was all the paper had: its file goes with it
    const left = await vscode.workspace.fs.readFile(file).then(
      (bytes) => new TextDecoder().decode(bytes),
      () => '',
    );
    assert.doesNotMatch(left, /notInterested/);
  });

  test('Restricted Mode: "not interested" writes nothing', async () => {
    const { services, restricted } = await api();
    const [paper] = await listed();
    await restricted.simulateUntrusted(true);
    try {
      await vscode.commands.executeCommand('papers.notInterested', paper);
    } finally {
      await restricted.simulateUntrusted(false);
    }
    assert.notEqual(services.userData.data(paper).notInterested, true);
  });
});
