/**
 * `npm run bench -- triage [size] [steps]`: the host's work for one "next" of the morning pass at 100,000 papers
 * (the 80k real abstracts of ../shared/real plus perturbed copies of 20k, as realCorpus.ts makes them): finding the
 * next paper in a list of all of them (the view's place right, as in a pass, and wrong, which costs a search through
 * the list), the place the view shows above it, the paper's view model, and the message posted to the page
 * (serialized as postMessage copies it). The papers are the dump's, parsed by the collections' parser; the rest of
 * the library (related papers, For You's reasons, a highlight on every 10th paper) is given as the view model reads
 * it, so what is timed is what a step does. Reading, titles and themes are not part of a step and not timed. One
 * JSON line with the per-step times (ms) after a warm-up: median, p95 and max, and a step's total against the 100 ms
 * target (`stepMs`; `stepWithSearchMs` adds the search through the list a step makes when its place is lost).
 */
import { join, resolve } from 'node:path';
import { parseCollectionBytes } from '../../../src/core/collections';
import { Paper, PaperUserData, paperKey, Theme } from '../../../src/core/papers';
import { placeView, positionOf, ReadingList, stepIn } from '../../../src/features/paperPanel/readingList';
import { paperViewModel, ViewModelDeps } from '../../../src/features/paperPanel/viewModel';
import { readRealAbstracts, realCorpus100k, realCorpusDir } from '../common/realCorpus';

const root = resolve(__dirname, '..', '..', '..');

/** The library as the view model reads it: papers, a theme, related papers, For You's reasons, some highlights. */
function libraryOf(papers: Paper[]): ViewModelDeps {
  const byId = new Map(papers.map((p) => [p.id, p]));
  const at = new Map(papers.map((p, i) => [p.id, i]));
  const near = (id: string, n: number) =>
    Array.from({ length: n }, (_, k) => papers[(at.get(id)! + 7919 * (k + 1)) % papers.length].id);
  const theme: Theme = { id: 't', label: 'Theme', paperIds: papers.map((p) => p.id) };
  const highlighted = (p: Paper): PaperUserData => {
    const exact = p.abstract.slice(10, 60);
    const annotation = {
      id: `a-${p.id}`,
      color: 'yellow',
      created: '2026-01-01T00:00:00.000Z',
      target: {
        selector: [
          { type: 'TextQuoteSelector', exact, prefix: p.abstract.slice(0, 10), suffix: p.abstract.slice(60, 92) },
          { type: 'TextPositionSelector', start: 10, end: 60 },
        ],
      },
    };
    return { read: true, annotations: [annotation] };
  };
  const data = (id: string): PaperUserData => (at.get(id)! % 10 === 0 ? highlighted(byId.get(id)!) : {});
  const keys = new Map<string, string>();
  return {
    model: {
      paper: (id: string) => byId.get(id),
      theme: (id: string) => (id === theme.id ? theme : undefined),
      keyOf: (p: Paper) => keys.get(p.id) ?? (keys.set(p.id, paperKey(p)), keys.get(p.id)!),
      analysis: { related: { relatedTo: (id: string) => near(id, 5) } },
    },
    userData: {
      marks: (id: string) => ({ read: data(id).read === true, starred: false }),
      data,
    },
    notes: { hasNotes: () => false },
    links: { linksOf: () => [] },
    forYou: { reasonsOf: (id: string) => near(id, 3).map((r) => ({ id: r, signal: 'starred' })) },
    // each service named as the view model names it (a renamed one fails here, not at run time); only what it calls
  } satisfies Record<keyof ViewModelDeps, unknown> as unknown as ViewModelDeps;
}

function papersOf(texts: string[]): Paper[] {
  const dump = new TextEncoder().encode(`Daily Papers\n\n${texts.join('\n')}\n`);
  return parseCollectionBytes(dump, 'day.txt').papers.map((p) => ({
    ...p,
    title: p.abstract.split(' ').slice(0, 8).join(' '),
    method: null,
    keywords: p.abstract.split(' ').slice(8, 16),
    theme: 't',
    collections: ['day'],
  }));
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const round = (x: number) => Math.round(x * 1000) / 1000;
const figures = (xs: number[]) => ({
  median: round(quantile(xs, 0.5)),
  p95: round(quantile(xs, 0.95)),
  max: round(Math.max(...xs)),
});

function main(): void {
  const dir = realCorpusDir(root);
  if (!dir) {
    console.log(JSON.stringify({ skipped: `no ${join('..', 'shared', 'real')} (see its README)` }));
    return;
  }
  const size = Number(process.argv[2] ?? 100_000);
  const steps = Number(process.argv[3] ?? 2000);
  const texts = realCorpus100k(readRealAbstracts(dir)).slice(0, size);
  const papers = papersOf(texts);
  const deps = libraryOf(papers);
  const list: ReadingList = { label: 'New › Today', ids: papers.map((p) => p.id) };
  const exists = (id: string) => deps.model.paper(id) !== undefined;

  const find: number[] = [];
  const findStale: number[] = [];
  const place: number[] = [];
  const model: number[] = [];
  const message: number[] = [];
  const total: number[] = [];
  const totalStale: number[] = [];
  let bytes = 0;
  // the first steps run before the code is compiled: warmed up first, as a window that has been open a while is
  const warmUp = Math.min(100, Math.floor(steps / 10));
  for (let s = -warmUp; s < steps; s++) {
    // steps spread over the whole list, the last ones at its end, where a search for a paper costs most
    const index = Math.floor(((Math.abs(s) + 1) * (list.ids.length - 2)) / steps);
    const id = list.ids[index];
    const t0 = performance.now();
    const next = stepIn(list, id, index, 1, exists);
    const t1 = performance.now();
    if (!('id' in next)) throw new Error(`no next paper after ${index}`);
    const t2 = performance.now();
    const shown = placeView({ list, index: next.index }, next.id, exists);
    const t3 = performance.now();
    const paper = paperViewModel(deps, deps.model.paper(next.id)!);
    const t4 = performance.now();
    bytes = JSON.stringify({ type: 'didShowPaper', paper, place: shown }).length;
    const t5 = performance.now();
    // the view's place lost (a paper opened from elsewhere): the list searched for the paper
    positionOf(list, id, -1);
    const t6 = performance.now();
    if (s < 0) continue;
    find.push(t1 - t0);
    place.push(t3 - t2);
    model.push(t4 - t3);
    message.push(t5 - t4);
    findStale.push(t6 - t5);
    total.push(t1 - t0 + (t5 - t2));
    totalStale.push(t1 - t0 + (t5 - t2) + (t6 - t5));
  }
  const row = {
    bench: 'triage-next',
    papers: papers.length,
    steps,
    findNextMs: figures(find),
    findWithoutPlaceMs: figures(findStale),
    placeMs: figures(place),
    viewModelMs: figures(model),
    messageMs: figures(message),
    messageBytes: bytes,
    stepMs: figures(total),
    stepWithSearchMs: figures(totalStale),
    targetMs: 100,
  };
  console.log(JSON.stringify(row));
}

main();
