import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ThemeDragAndDrop } from '../../../src/features/themes/dragAndDrop';
import { until } from './until';
import { answerInputBoxes, readJson, workspaceFile as file } from './workspaceSteps';
import { papersApi } from './papersApi';

const api = () => papersApi(15_000);

suite('Tags and theme corrections', function () {
  suiteSetup(async function () {
    this.timeout(120_000); // the first analysis of the seeds, on a busy machine
    await api();
  });

  test('tag a paper, filter by tag in search and group the tree by tag', async () => {
    const { services, tree } = await api();
    const [a, b] = services.model.analysis!.papers.slice(30, 32);
    await services.userData.update(a.id, (d) => ({ ...d, tags: ['to-reproduce'] }));
    await services.userData.update(b.id, (d) => ({ ...d, tags: ['to-reproduce', 'survey'] }));
    const saved = await readJson(file('.papers', 'papers', `${b.id}.json`));
    assert.deepEqual(saved.tags, ['survey', 'to-reproduce']);
    await until('tags in the index', () => services.model.analysis!.search.search('tag:to-reproduce').length === 2);
    assert.deepEqual(
      services.model.analysis!.search.search('tag:survey').map((h) => h.id),
      [b.id],
    );
    await vscode.commands.executeCommand('papers.groupBy', 'tag');
    const groups = tree.children().filter((g) => g.kind === 'group');
    assert.deepEqual(
      groups.slice(0, 2).map((g) => g.kind === 'group' && [g.label, g.paperIds.length]),
      [
        ['to-reproduce', 2],
        ['survey', 1],
      ],
    );
    assert.equal(
      groups.at(-1)?.kind === 'group' && groups.at(-1)!.kind === 'group'
        ? (groups.at(-1) as { label: string }).label
        : '',
      'Untagged',
    );
    await vscode.commands.executeCommand('papers.groupBy', 'theme');
  });

  test('changes in quick succession: memory ends as the disk (a watcher re-read never puts an older file back)', async () => {
    const { services } = await api();
    const paper = services.model.analysis!.papers[40];
    // gaps of 0-90 ms between the writes, so that some watcher re-reads fall inside the next write
    const gap = (i: number) => new Promise((r) => setTimeout(r, (i * 37) % 97));
    for (let i = 0; i < 24; i++)
      await services.userData.update(paper.id, (d) => ({ ...d, tags: [`quick-${i}`] })).then(() => gap(i));
    const theme = services.model.analysis!.computedThemes[1];
    for (let i = 0; i < 24; i++)
      await services.corrections
        .update((c) => ({ ...c, renames: { ...c.renames, [theme.id]: `Quick rename ${i}` } }))
        .then(() => gap(i));
    await new Promise((r) => setTimeout(r, 2_000)); // the watcher's events for the writes above arrive meanwhile
    assert.deepEqual(services.userData.data(paper.id).tags, ['quick-23']);
    assert.deepEqual((await readJson(file('.papers', 'papers', `${paper.id}.json`))).tags, ['quick-23']);
    assert.equal(services.corrections.corrections.renames[theme.id], 'Quick rename 23');
    assert.equal((await readJson(file('.papers', 'themes.json'))).renames[theme.id], 'Quick rename 23');
    await services.userData.update(paper.id, (d) => ({ ...d, tags: [] }));
    await services.corrections.update((c) => {
      const { [theme.id]: _dropped, ...renames } = c.renames;
      return { ...c, renames };
    });
  });

  test('move a paper by command and by drag and drop; both survive regrouping', async () => {
    const { services, tree } = await api();
    const analysis = services.model.analysis!;
    const [first, second] = analysis.themes;
    const byCommand = services.model.paper(second.paperIds[0])!;
    await vscode.commands.executeCommand('papers.moveToTheme', byCommand.id, first.id);
    await until('moved by command', () => services.model.paper(byCommand.id)!.theme === first.id);
    const dragged = services.model.paper(second.paperIds[1])!;
    const dnd = new ThemeDragAndDrop(services);
    const data = new vscode.DataTransfer();
    dnd.handleDrag([{ kind: 'paper', id: dragged.id, groupId: `theme:${second.id}` }], data);
    await dnd.handleDrop({ kind: 'group', id: `theme:${first.id}`, label: first.label, paperIds: [] }, data);
    await until('moved by drag and drop', () => services.model.paper(dragged.id)!.theme === first.id);
    const stored = await readJson(file('.papers', 'themes.json'));
    assert.equal(stored.moves[byCommand.id], first.id);
    assert.equal(stored.moves[dragged.id], first.id);
    await services.model.reload();
    assert.equal(services.model.paper(byCommand.id)!.theme, first.id);
    assert.equal(services.model.paper(dragged.id)!.theme, first.id);
    const firstGroup = tree.children().find((g) => g.kind === 'group' && g.id === `theme:${first.id}`);
    assert.ok(firstGroup?.kind === 'group' && firstGroup.paperIds.includes(dragged.id));
  });

  test('rename a theme and create one of your own', async () => {
    const { services } = await api();
    const theme = services.model.analysis!.themes[2];
    const answers = answerInputBoxes('My renamed theme');
    try {
      await vscode.commands.executeCommand('papers.renameTheme', theme.id);
    } finally {
      answers.dispose();
    }
    await until('renamed', () => services.model.theme(theme.id)?.label === 'My renamed theme');
    assert.ok(services.model.analysis!.search.search('theme:"my renamed"').length > 0);
    const more = answerInputBoxes('World models I track', 'world model');
    try {
      await vscode.commands.executeCommand('papers.newTheme');
    } finally {
      more.dispose();
    }
    const mine = await until('the new theme', () =>
      services.model.analysis!.themes.find((t) => t.label === 'World models I track'),
    );
    assert.ok(mine.user);
    assert.ok(mine.paperIds.length > 0, 'papers mentioning "world model" joined it');
    assert.ok(mine.paperIds.every((id) => /world[\s-]+models?/i.test(services.model.paper(id)!.abstract)));
  });

  test('a hand-broken themes.json is reported, kept aside, and the next correction starts a new file', async () => {
    const { services } = await api();
    await vscode.workspace.fs.writeFile(
      file('.papers', 'themes.json'),
      new TextEncoder().encode('{ "renames": { oops'),
    );
    await new Promise((r) => setTimeout(r, 500));
    const paper = services.model.analysis!.papers[50];
    await vscode.commands.executeCommand('papers.pinToTheme', paper.id);
    const entries = await vscode.workspace.fs.readDirectory(file('.papers'));
    const backup = entries.find(([n]) => n.startsWith('themes.json.corrupt-'));
    assert.ok(backup, entries.map(([n]) => n).join(', '));
    const kept = new TextDecoder().decode(await vscode.workspace.fs.readFile(file('.papers', backup[0])));
    assert.equal(kept, '{ "renames": { oops');
    const fresh = await readJson(file('.papers', 'themes.json'));
    assert.equal(fresh.moves[paper.id], paper.theme);
    assert.ok(Object.keys(fresh.moves).length >= 3, 'the moves made before the file broke are kept');
    assert.ok(Object.keys(fresh.renames).length >= 1, 'and the rename');
  });

  test('Reset Themes forgets corrections after confirmation', async () => {
    const { services } = await api();
    const original = vscode.window.showWarningMessage;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = async () => 'Reset Themes';
    try {
      await vscode.commands.executeCommand('papers.resetThemes');
    } finally {
      (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
    }
    await until('reset', () => Object.keys(services.corrections.corrections.moves).length === 0);
    assert.ok(!services.model.analysis!.themes.some((t) => t.user));
  });
});
