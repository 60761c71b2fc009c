import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSearchPick } from '../../../src/features/search/pick';
import { papersApi } from './papersApi';
import { until } from './until';

suite('Search Papers', () => {
  test('a search that finds nothing says so in one row, which opens nothing; clearing the words lists papers again', async () => {
    const { services } = await papersApi(60_000);
    const opened = openSearchPick(services, { initial: 'qwxzvbnk' })!;
    const qp = opened.quickPick as vscode.QuickPick<vscode.QuickPickItem & { paperId?: string }>;
    try {
      assert.equal(qp.items.length, 1);
      assert.match(qp.items[0].label, /No papers match "qwxzvbnk"/);
      assert.equal(qp.items[0].paperId, undefined);
      qp.value = 'reinforcement';
      await until('papers found again', () => qp.items.length > 1 && qp.items.every((i) => i.paperId));
    } finally {
      qp.hide();
    }
    assert.equal(await opened.result, undefined, 'nothing opened');
  });
});
