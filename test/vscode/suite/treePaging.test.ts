import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SHOW_MORE_COMMAND } from '../../../src/features/tree/types';
import { papersApi } from './papersApi';

const api = () => papersApi(60_000);

const setPageSize = (n: number | undefined) =>
  vscode.workspace.getConfiguration('papers').update('tree.pageSize', n, vscode.ConfigurationTarget.Workspace);

suite('Tree paging', function () {
  suiteSetup(async function () {
    this.timeout(120_000);
    await api();
  });
  teardown(async () => setPageSize(undefined));

  test('a group larger than a page lists one page and a "Show more" row that lists the next page', async () => {
    const { tree } = await api();
    await setPageSize(7);
    const groups = tree.children().filter((g) => g.kind === 'group');
    const big = groups.reduce((a, b) => (b.paperIds.length > a.paperIds.length ? b : a));
    assert.ok(big.paperIds.length > 14, `the largest group has ${big.paperIds.length} papers`);

    let rows = tree.children(big);
    assert.equal(rows.length, 8, 'seven papers and the "Show more" row');
    assert.deepEqual(
      rows.slice(0, 7).map((r) => r.id),
      big.paperIds.slice(0, 7),
      "the first page, in the group's order",
    );
    const more = rows[7];
    assert.equal(more.kind, 'more');
    const item = tree.getTreeItem(more);
    assert.equal(item.label, 'Show 7 more…');
    assert.equal(item.description, `7 of ${big.paperIds.length} shown`);
    assert.equal(item.command?.command, SHOW_MORE_COMMAND);
    assert.equal(tree.getParent(more)?.id, big.id);

    await vscode.commands.executeCommand(SHOW_MORE_COMMAND, ...(item.command?.arguments ?? []));
    rows = tree.children(big);
    assert.equal(rows.length, 15);
    assert.deepEqual(
      rows.slice(0, 14).map((r) => r.id),
      big.paperIds.slice(0, 14),
    );

    // revealing a paper beyond the listed pages lists up to its page
    const last = big.paperIds[big.paperIds.length - 1];
    assert.equal(tree.nodeOf(last)?.id, last);
    rows = tree.children(big);
    assert.ok(
      rows.some((r) => r.id === last),
      'the revealed paper is listed',
    );
  });

  test('groups that fit in a page have no "Show more" row; the default page lists the seeds\' groups whole', async () => {
    const { tree } = await api();
    const groups = tree.children().filter((g) => g.kind === 'group');
    for (const g of groups) {
      const rows = tree.children(g);
      assert.ok(
        rows.every((r) => r.kind === 'paper'),
        `${g.label}: no "Show more" row`,
      );
      assert.equal(rows.length, g.paperIds.length);
    }
  });
});
