import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { seededRandom } from '../../../src/core/vectors/seededRandom';
import { ThemeDragAndDrop } from '../../../src/features/themes/dragAndDrop';
import { GroupNode, TreeNode } from '../../../src/features/tree/types';
import { EXTENSION_ID, papersApi, restoreSeeds } from './papersApi';
import { until } from './until';
import { answerInputBoxes, readJson, workspaceFile as file } from './workspaceSteps';

/** Enough papers for two levels of themes (the grouping nests from 3,000 on). */
const PAPERS = 4000;
const FILE = 'two-level/library.txt';

/** `n` abstracts recombined from the sentences of the bundled seeds (a seeded PRNG), as the benchmark makes them. */
function recombined(n: number): string[] {
  const seeds = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'seeds');
  const abstracts = fs
    .readdirSync(seeds)
    .filter((f) => f.endsWith('.txt'))
    .flatMap((f) =>
      fs
        .readFileSync(path.join(seeds, f), 'utf8')
        .split(/\n\s*\n/)
        .slice(1),
    );
  const sentences = abstracts.map((a) => a.trim().split(/(?<=[.!?])\s+(?=[A-Z])/)).filter((s) => s.length > 1);
  const all = sentences.flat();
  const rand = seededRandom(4242);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  return Array.from({ length: n }, (_, i) => {
    const parts = pick(sentences).map((s) => (rand() < 0.3 ? pick(all) : s));
    return `${parts.join(' ')} (${i})`.replace(/\s+/g, ' ');
  });
}

const groupsOf = (nodes: readonly TreeNode[]) => nodes.filter((n): n is GroupNode => n.kind === 'group');
/** The broad themes of the tree: the top groups that hold subthemes. */
async function broadGroups() {
  const { tree } = await papersApi();
  const broad = groupsOf(tree.children()).filter((g) => (g.subgroups?.length ?? 0) > 0);
  assert.ok(broad.length >= 2, `broad themes in the tree: ${broad.length}`);
  return broad;
}

/** A broad theme's name in its tooltip: its label, and its arXiv code when it is a field. */
function nameOf(services: Awaited<ReturnType<typeof papersApi>>['services'], g: GroupNode): string {
  const field = services.model.theme(g.id.slice('theme:'.length))?.field;
  return field !== undefined ? `${g.label} (arXiv ${field})` : g.label;
}

suite('Two-level theme tree of a large library', function () {
  suiteSetup(async function () {
    this.timeout(300_000); // the first analysis of 4,000 papers on a busy machine
    const { services } = await papersApi(60_000);
    await vscode.workspace.fs.writeFile(
      file(FILE),
      new TextEncoder().encode(`Daily Papers\n\n${recombined(PAPERS).join('\n\n')}\n`),
    );
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', [FILE], vscode.ConfigurationTarget.Workspace);
    await until('the large library', () => services.model.analysis?.papers.length === PAPERS, 280_000);
  });

  suiteTeardown(async function () {
    this.timeout(120_000);
    const { services, prefs } = await papersApi();
    await prefs.setFilter('all');
    await services.corrections.reset();
    await restoreSeeds();
    await vscode.workspace.fs.delete(file('two-level'), { recursive: true });
  });

  test('broad themes show the papers under them, expand to their subthemes, and a subtheme to its papers', async () => {
    const { services, tree } = await papersApi();
    const analysis = services.model.analysis!;
    const top = groupsOf(tree.children());
    const broad = await broadGroups();
    // recombined sentences of real machine-learning abstracts: the field model knows their fields
    assert.ok(
      broad.some((g) => services.model.theme(g.id.slice('theme:'.length))?.field?.startsWith('cs.')),
      'a broad theme is a field of computer science',
    );
    for (const g of broad) {
      const item = tree.getTreeItem(g);
      const subs = g.subgroups!;
      const under = subs.reduce((n, s) => n + s.paperIds.length, 0) + (g.own ?? []).length;
      assert.equal(item.description, String(under), `${g.label}: the papers under it`);
      assert.equal(
        item.tooltip,
        `${nameOf(services, g)}: ${under} papers in ${subs.length} subtheme${subs.length === 1 ? '' : 's'}`,
      );
      assert.equal((item.iconPath as vscode.ThemeIcon).id, 'layers');
      assert.equal(item.contextValue, 'theme broad');
      assert.equal(tree.getParent(g), undefined);
      const rows = tree.children(g);
      assert.deepEqual(
        rows.map((r) => r.id),
        subs.map((s) => s.id),
        'its subthemes (it holds no paper itself)',
      );
      for (const s of subs) {
        assert.equal(tree.getParent(s)?.id, g.id);
        assert.equal(tree.getTreeItem(s).description, String(s.paperIds.length));
        assert.equal((tree.getTreeItem(s).iconPath as vscode.ThemeIcon).id, 'symbol-namespace');
        const theme = services.model.theme(s.id.slice('theme:'.length))!;
        assert.equal(theme.parent, g.id.slice('theme:'.length), `${s.label} is a subtheme of ${g.label}`);
        // its papers; one larger than a page lists a page of them (more once asked), then a "Show more" row
        const rows = tree.children(s);
        const papers = rows.filter((p) => p.kind === 'paper');
        assert.ok(papers.every((p) => p.kind === 'paper' && p.groupId === s.id));
        const page = vscode.workspace.getConfiguration('papers').get<number>('tree.pageSize', 500);
        assert.ok(papers.length >= Math.min(s.paperIds.length, page) && papers.length <= s.paperIds.length);
        assert.deepEqual(
          rows.slice(papers.length).map((r) => r.kind),
          papers.length < s.paperIds.length ? ['more'] : [],
          `${s.label}: ${papers.length} of ${s.paperIds.length} papers listed`,
        );
        assert.equal(tree.getParent(papers[0])?.id, s.id);
      }
    }
    // a field without topics (too small for them) is shown as a field, not as a topic
    const field = broad.find((g) => services.model.theme(g.id.slice('theme:'.length))?.field !== undefined)!;
    const alone = tree.getTreeItem({ ...field, subgroups: undefined, own: undefined });
    assert.equal((alone.iconPath as vscode.ThemeIcon).id, 'mortar-board');
    assert.equal(alone.tooltip, `${nameOf(services, field)}: ${field.paperIds.length} papers`);
    // every paper once, at one level or the other
    const listed = top.flatMap((g) => g.paperIds);
    assert.equal(listed.length, analysis.papers.length);
    assert.equal(new Set(listed).size, analysis.papers.length);
  });

  test('revealing a paper of a subtheme expands its broad theme, then the subtheme, then lists its page', async () => {
    const { services, tree } = await papersApi();
    await vscode.workspace.getConfiguration('papers').update('tree.pageSize', 5, vscode.ConfigurationTarget.Workspace);
    try {
      const broad = (await broadGroups())[0];
      const sub = broad.subgroups!.find((s) => s.paperIds.length > 12)!;
      const paperId = sub.paperIds[11];
      const node = tree.nodeOf(paperId)!;
      assert.deepEqual(node, { kind: 'paper', id: paperId, groupId: sub.id });
      assert.equal(tree.getParent(node)?.id, sub.id);
      assert.equal(tree.getParent(tree.getParent(node)!)?.id, broad.id);
      assert.ok(
        tree.children(tree.getParent(node)!).some((r) => r.id === paperId),
        'the page of the paper is listed',
      );
      await vscode.commands.executeCommand('papers.tree.focus');
      await tree.view.reveal(node, { select: true, focus: false, expand: true });
      await until('the paper selected', () => tree.view.selection.some((n) => n.id === paperId));
      assert.equal(services.model.paper(paperId)!.theme, sub.id.slice('theme:'.length));
    } finally {
      await vscode.workspace
        .getConfiguration('papers')
        .update('tree.pageSize', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a filter applies at both levels: only themes and subthemes with a matching paper, counting those', async () => {
    const { services, tree, prefs } = await papersApi();
    const [first, second] = await broadGroups();
    const starred = [
      first.subgroups![0].paperIds[0],
      first.subgroups![0].paperIds[1],
      second.subgroups![1].paperIds[0],
    ];
    for (const id of starred) await services.userData.setStarred(id, true);
    try {
      await prefs.setFilter('starred');
      const top = groupsOf(tree.children());
      assert.deepEqual(
        top.map((g) => [g.id, g.paperIds.length, g.subgroups?.map((s) => [s.id, s.paperIds.length])]),
        [
          [first.id, 2, [[first.subgroups![0].id, 2]]],
          [second.id, 1, [[second.subgroups![1].id, 1]]],
        ],
      );
      assert.equal(tree.getTreeItem(top[0]).description, '2');
      assert.equal(tree.view.description, 'Starred (3)');
    } finally {
      await prefs.setFilter('all');
      for (const id of starred) await services.userData.setStarred(id, false);
    }
  });

  test('rename a subtheme and a broad theme from their rows; both keep their place', async () => {
    const { tree } = await papersApi();
    const broad = (await broadGroups())[1];
    const sub = broad.subgroups![0];
    const answers = answerInputBoxes('My subtheme', 'My broad theme');
    try {
      await vscode.commands.executeCommand('papers.renameTheme', sub);
      await vscode.commands.executeCommand('papers.renameTheme', broad);
    } finally {
      answers.dispose();
    }
    const renamed = await until('both renamed', () => {
      const g = groupsOf(tree.children()).find((t) => t.id === broad.id);
      return g?.label === 'My broad theme' && g.subgroups!.some((s) => s.label === 'My subtheme') && g;
    });
    assert.equal(renamed.subgroups!.find((s) => s.label === 'My subtheme')!.id, sub.id);
    const stored = await readJson(file('.papers', 'themes.json'));
    const broadId = broad.id.slice('theme:'.length);
    assert.equal(stored.renames[broadId], 'My broad theme');
    assert.deepEqual(stored.themeMembers[broadId], [...broad.paperIds].sort(), "a broad theme's signature: its papers");
  });

  test('drag a paper onto a broad theme and another onto a subtheme of another broad theme', async () => {
    const { services, tree } = await papersApi();
    const [first, second] = await broadGroups();
    const toBroad = first.subgroups![0].paperIds[0];
    const toSub = first.subgroups![0].paperIds[1];
    const target = second.subgroups![0];
    const dnd = new ThemeDragAndDrop(services);
    const drag = async (paperId: string, onto: GroupNode) => {
      const data = new vscode.DataTransfer();
      dnd.handleDrag([{ kind: 'paper', id: paperId, groupId: first.subgroups![0].id }], data);
      await dnd.handleDrop(onto, data);
    };
    await drag(toBroad, second);
    await drag(toSub, target);
    const secondId = second.id.slice('theme:'.length);
    await until('moved', () => services.model.paper(toBroad)!.theme === secondId);
    await until('moved to the subtheme', () => services.model.paper(toSub)!.theme === target.id.slice('theme:'.length));
    const group = groupsOf(tree.children()).find((g) => g.id === second.id)!;
    assert.deepEqual(group.own, [toBroad], 'held by the broad theme itself');
    const rows = tree.children(group);
    assert.equal(rows.at(-1)?.id, toBroad, 'listed after its subthemes');
    assert.equal(
      tree.getTreeItem(group).tooltip,
      `${nameOf(services, group)}: ${group.paperIds.length} papers, ${group.paperIds.length - 1} in ${group.subgroups!.length} subthemes and 1 in no subtheme`,
    );
    assert.equal(tree.getParent(tree.nodeOf(toBroad)!)?.id, second.id);
    assert.ok(group.subgroups!.find((s) => s.id === target.id)!.paperIds.includes(toSub));
  });

  test('New Subtheme… on a broad theme makes a theme of your own inside it, kept in themes.json', async () => {
    const { services, tree } = await papersApi();
    const broad = (await broadGroups())[0];
    const answers = answerInputBoxes('Reward papers I track', 'reward model');
    try {
      await vscode.commands.executeCommand('papers.newSubtheme', broad);
    } finally {
      answers.dispose();
    }
    const mine = await until('the new subtheme', () =>
      services.model.analysis!.themes.find((t) => t.label === 'Reward papers I track'),
    );
    assert.ok(mine.user);
    assert.equal(mine.parent, broad.id.slice('theme:'.length));
    assert.ok(mine.paperIds.length > 0, 'papers mentioning "reward model" joined it');
    const stored = await readJson(file('.papers', 'themes.json'));
    assert.deepEqual(
      stored.userThemes.find((u: { id: string }) => u.id === mine.id),
      { id: mine.id, label: 'Reward papers I track', keywords: ['reward model'], parent: mine.parent },
    );
    const group = groupsOf(tree.children()).find((g) => g.id === broad.id)!;
    const row = group.subgroups![0];
    assert.equal(row.id, `theme:${mine.id}`, "the user's subtheme first");
    assert.equal(tree.getParent(row)?.id, broad.id);
    assert.equal(tree.getTreeItem(row).contextValue, 'theme user');
  });
});
