import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PapersModelImpl } from '../../../src/features/analysis/model';
import { Loader } from '../../../src/features/analysis/loading';
import { nodeAnalysisPlatform } from '../../../src/features/analysis/node/nodePlatform';
import { AnalysisPlatform } from '../../../src/features/analysis/platform';
import { openSearchPick } from '../../../src/features/search/pick';
import { Services } from '../../../src/features/services';
import { seededRandom } from '../../../src/core/vectors/seededRandom';
import { papersApi } from './papersApi';
import { until } from './until';

const PAPERS = 6000;
/** A made-up word planted in every 500th abstract: what the test searches for. */
const MARKER = 'quokkascope';

/** Made-up abstracts of made-up words (a seeded PRNG): large enough that the analysis takes seconds. */
function madeUpCorpus(n: number, salt: string): string[] {
  const rand = seededRandom(12345);
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ten',
    'sor',
    'vu',
    'ra',
    'bel',
    'qui',
    'dro',
    'fen',
    'zu',
    'pa',
    'nix',
    'te',
    'gor',
  ];
  const vocabulary = Array.from({ length: 3000 }, () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => syllables[Math.floor(rand() * syllables.length)]).join(''),
  );
  const word = () => vocabulary[Math.floor(rand() ** 2 * vocabulary.length)];
  return Array.from({ length: n }, (_, i) => {
    const sentences = Array.from({ length: 4 + Math.floor(rand() * 4) }, () => {
      const words = Array.from({ length: 10 + Math.floor(rand() * 10) }, word);
      if (i % 500 === 7 && rand() < 0.5) words[3] = MARKER;
      return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
    });
    if (i % 500 === 7) sentences[0] = `We build the ${MARKER} for ${sentences[0]}`;
    if (i === 0) sentences.push(`Run ${salt}.`); // a corpus no cache has seen
    return sentences.join(' ');
  });
}

/**
 * A model of its own (the extension's has the seeds loaded) whose collection is the made-up corpus, and whose
 * finished analysis waits for release(): the steps that need the analysis still running never race it.
 */
class CorpusModel extends PapersModelImpl {
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));

  constructor(
    services: Services,
    private readonly file: vscode.Uri,
  ) {
    const { context, log, corrections } = services;
    const platform = nodeAnalysisPlatform(context.extensionPath, log);
    const gated: AnalysisPlatform = {
      ...platform,
      analyze: async (...args) => {
        const analyzed = await platform.analyze(...args);
        await this.gate;
        return analyzed;
      },
    };
    super(context, log, corrections, new Loader(context, log, corrections, gated));
  }

  release(): void {
    this.open();
  }

  override collectionUris(): Promise<vscode.Uri[]> {
    return Promise.resolve([this.file]);
  }
}

suite('Partial search while the first analysis runs', () => {
  test('a search during the analysis shows partial results marked partial, then the full results; a partial result opens once the analysis is done', async function () {
    this.timeout(240_000);
    const { services } = await papersApi();
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'partial-search', 'made-up.txt');
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode(`Daily Papers\n\n${madeUpCorpus(PAPERS, String(Date.now())).join('\n\n')}\n`),
    );
    const model = new CorpusModel(services, file);
    const withModel: Services = { ...services, model };
    try {
      const loading = model.reload();
      await until('the first searchable chunk', () => (model.partial.search?.indexed ?? 0) > 0, 120_000);
      assert.equal(model.analysis, undefined, 'the analysis is still running (else this test proves nothing)');

      const first = openSearchPick(withModel, { initial: MARKER })!;
      const qp = first.quickPick as vscode.QuickPick<vscode.QuickPickItem & { paperId?: string }>;
      assert.match(
        qp.title!,
        new RegExp(
          `^Search Papers — partial: [\\d,]+ of ${PAPERS.toLocaleString('en-US')} papers indexed, titles and themes pending$`,
        ),
      );
      assert.ok(qp.items.length > 0, 'partial results');
      for (const item of qp.items) {
        const doc = model.partial.search!.get(item.paperId!)!;
        assert.ok(doc.abstract.includes(MARKER), `${item.label} matches`);
        assert.ok(
          item.label.endsWith('…') && doc.abstract.startsWith(item.label.slice(0, -1)),
          `title before the analysis from the abstract's first words: ${item.label}`,
        );
        assert.equal(item.description, 'title pending');
      }

      qp.value = `theme:anything ${MARKER}`;
      await until(
        'the theme filter refused',
        () => qp.items.length === 1 && qp.items[0].label.includes('theme: filters work once the themes are computed'),
      );
      qp.value = MARKER;
      await until('the partial results again', () => qp.items.length > 0 && qp.items[0].paperId !== undefined);
      // accepting a partial result: the pick closes (its result resolves only then), the paper comes when the analysis is done
      let accepted: string | undefined;
      qp.onDidAccept(() => (accepted = (qp.selectedItems[0] ?? qp.activeItems[0])?.paperId));
      qp.activeItems = [qp.items[0]];
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      const chosenId = await until('the partial result accepted', () => accepted);

      const second = openSearchPick(withModel, { initial: MARKER })!;
      const qp2 = second.quickPick as vscode.QuickPick<vscode.QuickPickItem & { paperId?: string }>;
      assert.match(qp2.title!, /— partial: /);
      assert.equal(model.analysis, undefined, 'the analysis is held until now');
      model.release();
      await loading;
      const analysis = model.analysis!;
      assert.equal(analysis.papers.length, PAPERS);
      await until(
        'the full results in the open pick',
        () => qp2.title === `Search Papers (${qp2.items.length} of ${PAPERS})`,
        30_000,
      );
      const marked = analysis.papers
        .filter((p) => p.abstract.includes(MARKER))
        .map((p) => p.id)
        .sort();
      assert.deepEqual(
        qp2.items.map((i) => i.paperId).sort(),
        marked,
        'every paper with the word, found in the full index',
      );
      for (const item of qp2.items)
        assert.ok(item.label.endsWith(model.paper(item.paperId!)!.title), "the analysis's titles");
      assert.equal(model.partial.search, undefined, 'the chunks are dropped');
      qp2.hide();

      const chosen = await first.result;
      assert.equal(chosen?.id, chosenId, 'the accepted partial result');
      assert.equal(chosen, model.paper(chosenId), 'as the analysis made it');
    } finally {
      model.release();
      model.dispose();
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(file, '..'), { recursive: true });
    }
  });
});
