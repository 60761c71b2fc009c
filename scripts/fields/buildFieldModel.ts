/**
 * `npm run fields:build [-- --real-dir <dir>] [--out <file>] [--unseen a,b]`: learns the field model from the
 * development corpus of real arXiv abstracts (../shared/real) and writes src/core/fields/arxivFields.json.
 * Deterministic: the same corpus gives the same file byte for byte. Prints what it measured on the held-out
 * quarter of the corpus (devCorpus.ts devSplit), which the model never saw. `--unseen` leaves whole archives out
 * of the model (written elsewhere with --out) to measure how texts of fields it does not know come out.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FieldFeatures, fieldFeatures, FieldModel, FieldModelFile } from '../../src/core/fields';
import {
  bytesToBase64,
  decodeFieldModel,
  fieldLogits,
  guessFromProbabilities,
  softmax,
  varintBytes,
} from '../../src/core/fields';
import { termsOf } from '../../src/core/vectors';
import { ARCHIVE_NAMES, categoryName, currentCode } from './arxivTaxonomy';
import { DevPaper, devCorpusDir, readDevCorpus } from '../lib/devCorpus';
import { genreTerms } from './genreTerms';
import { heldOutReport } from './heldOutReport';
import { Softmax, strongestTerms, toSparseRows, trainSoftmax } from './softmaxTraining';

/** Fewest training papers of a category for it to be a field of its own; fewer join their archive's field. */
const MIN_FIELD_PAPERS = 30;
/** Terms a document must appear in (training papers) to be read at all. */
const MIN_DF = 5;
/** Terms kept per field after the first fit (their union is the model's vocabulary), and after the second. */
const FIRST_KEEP = 1500;
const FINAL_KEEP = 2000;
const EPOCHS = 3;
/** Share of calibration papers (of fields the model knows) allowed to come out as of no known field. */
const UNKNOWN_SHARE = 0.05;
/** Share of calibration papers allowed to come out as of no known field for the model's knowing too few words. */
const COVERAGE_SHARE = 0.01;

const root = resolve(__dirname, '..', '..', '..');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The field of each category: its own when it has enough papers, else its archive's, else none. */
function fieldCodes(train: readonly DevPaper[], unseen: ReadonlySet<string>): (code: string) => string | undefined {
  const count = new Map<string, number>();
  const archiveCount = new Map<string, number>();
  for (const p of train) {
    const code = currentCode(p.primary);
    count.set(code, (count.get(code) ?? 0) + 1);
  }
  for (const [code, n] of count) {
    if ((count.get(code) ?? 0) < MIN_FIELD_PAPERS)
      archiveCount.set(archive(code), (archiveCount.get(archive(code)) ?? 0) + n);
  }
  return (raw) => {
    const code = currentCode(raw);
    if (unseen.has(archive(code))) return undefined;
    if ((count.get(code) ?? 0) >= MIN_FIELD_PAPERS && categoryName(code)) return code;
    if ((archiveCount.get(archive(code)) ?? 0) >= MIN_FIELD_PAPERS && ARCHIVE_NAMES[archive(code)])
      return archive(code);
    return undefined;
  };
}

const archive = (code: string) => (code.includes('.') ? code.slice(0, code.indexOf('.')) : code);

/** A vocabulary with its idf, as a model the feature reader can use (no weights yet). */
function readerOf(terms: readonly string[], idf: Float32Array): FieldModel {
  return {
    fields: [],
    archiveNames: {},
    terms,
    idf,
    bias: new Float64Array(0),
    postingStart: new Uint32Array(terms.length + 1),
    postingField: new Uint16Array(0),
    postingWeight: new Float32Array(0),
    minConfidence: 0,
    minCoverage: 0,
    genreTerms: new Set(),
    source: '',
  };
}

/** Terms in at least MIN_DF training papers, sorted, with idf rounded as the file stores it. */
function trainingVocabulary(termLists: readonly string[][]): { terms: string[]; idf: Float32Array } {
  const df = new Map<string, number>();
  for (const list of termLists) for (const t of new Set(list)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df]
    .filter(([, n]) => n >= MIN_DF)
    .map(([t]) => t)
    .sort();
  const n = termLists.length;
  return { terms, idf: Float32Array.from(terms, (t) => storedIdf(Math.log(n / df.get(t)!))) };
}

/** The idf as the file keeps it (thousandths in 16 bits), so training reads what the extension will. */
const storedIdf = (idf: number) => Math.min(65535, Math.round(idf * 1000)) / 1000;

function fit(features: FieldFeatures[], labels: Int32Array, classes: number, vocabulary: number): Softmax {
  return trainSoftmax(toSparseRows(features), labels, classes, vocabulary, EPOCHS, (e) =>
    process.stderr.write(`  epoch ${e + 1} of ${EPOCHS}\n`),
  );
}

function main(): void {
  const dir = devCorpusDir(root, option('real-dir'));
  if (!dir) {
    process.stderr.write('no dev corpus (../shared/real, --real-dir or PAPERS_REAL_DIR): nothing built\n');
    process.exitCode = 1;
    return;
  }
  const unseen = new Set((option('unseen') ?? '').split(',').filter(Boolean));
  const out = option('out') ?? join(root, 'src', 'core', 'fields', 'arxivFields.json');
  const papers = readDevCorpus(dir);
  const train = papers.filter((p) => p.part === 'train');
  const fieldOf = fieldCodes(train, unseen);
  const codes = [...new Set(train.map((p) => fieldOf(p.primary)).filter((c) => c !== undefined))].sort();
  const classOf = new Map(codes.map((c, i) => [c, i]));
  const taught = train.filter((p) => fieldOf(p.primary) !== undefined);
  const labels = Int32Array.from(taught, (p) => classOf.get(fieldOf(p.primary)!)!);
  process.stderr.write(`${papers.length} papers, ${taught.length} to train on, ${codes.length} fields\n`);

  const termLists = taught.map((p) => termsOf(p.text));

  const first = trainingVocabulary(termLists);
  process.stderr.write(`first fit: ${first.terms.length} terms\n`);
  const firstReader = readerOf(first.terms, first.idf);
  const firstModel = fit(
    taught.map((p) => fieldFeatures(firstReader, p.text)),
    labels,
    codes.length,
    first.terms.length,
  );
  const kept = new Set<number>();
  for (const list of strongestTerms(firstModel, FIRST_KEEP)) for (const t of list) kept.add(t);
  const terms = [...kept].sort((a, b) => a - b).map((t) => first.terms[t]);
  const idf = Float32Array.from(
    [...kept].sort((a, b) => a - b),
    (t) => first.idf[t],
  );
  process.stderr.write(`second fit: ${terms.length} terms\n`);
  const reader = readerOf(terms, idf);
  const finalModel = fit(
    taught.map((p) => fieldFeatures(reader, p.text)),
    labels,
    codes.length,
    terms.length,
  );
  const file = modelFile(finalModel, codes, terms, idf, taught.length, unseen);
  file.genreTerms = genreTerms(train).join('\n');
  const model = decodeFieldModel(file);
  const calibration = papers.filter((p) => p.part === 'calibration' && fieldOf(p.primary) !== undefined);
  Object.assign(file, calibratedLevels(model, calibration));
  Object.assign(model, calibratedLevels(model, calibration));
  const json = `${JSON.stringify(file, null, 1)}\n`;
  writeFileSync(out, json);
  process.stderr.write(`wrote ${out} (${(json.length / 1024).toFixed(0)} KB)\n`);
  process.stdout.write(heldOutReport(model, papers, fieldOf, unseen));
}

function modelFile(
  model: Softmax,
  codes: readonly string[],
  terms: readonly string[],
  idf: Float32Array,
  trained: number,
  unseen: ReadonlySet<string>,
): FieldModelFile {
  const C = model.classes;
  const strongest = strongestTerms(model, FINAL_KEEP);
  let max = 0;
  for (const w of model.weights) max = Math.max(max, Math.abs(w));
  const weightScale = max / 32767;
  const gaps: number[] = [];
  const weights: number[] = [];
  strongest.forEach((list, k) => {
    let previous = 0;
    for (const t of list) {
      gaps.push(t - previous);
      previous = t;
      weights.push(Math.round(model.weights[t * C + k] / weightScale));
    }
  });
  const archives = [...new Set(codes.map(archive))].sort();
  return {
    format: 1,
    source:
      `multinomial logistic regression learned by scripts/fields/buildFieldModel.ts from ${trained} real arXiv ` +
      `abstracts and their primary categories (the development corpus's training part)` +
      (unseen.size > 0 ? `, without ${[...unseen].join(', ')}` : ''),
    fields: codes.map((code) => ({ code, name: categoryName(code) ?? code })),
    archives: Object.fromEntries(archives.map((a) => [a, ARCHIVE_NAMES[a] ?? a])),
    terms: terms.join('\n'),
    idf: bytesToBase64(new Uint8Array(Uint16Array.from(idf, (v) => Math.round(v * 1000)).buffer)),
    bias: [...model.bias].map((b) => Number(b.toFixed(6))),
    counts: strongest.map((l) => l.length),
    indices: bytesToBase64(varintBytes(gaps)),
    weights: bytesToBase64(new Uint8Array(Int16Array.from(weights).buffer)),
    weightScale: Number(weightScale.toPrecision(8)),
    minConfidence: 0,
    minCoverage: 0,
    genreTerms: '',
  };
}

/**
 * The levels below which a text is said to be of no known field, each rounded down to a hundredth: the archive
 * probability that only UNKNOWN_SHARE of the calibration papers (of fields the model knows, never trained on) fall
 * under, and the share of known words that only COVERAGE_SHARE of them do.
 */
function calibratedLevels(
  model: FieldModel,
  calibration: readonly DevPaper[],
): { minConfidence: number; minCoverage: number } {
  const confidence: number[] = [];
  const coverage: number[] = [];
  for (const p of calibration) {
    const x = fieldFeatures(model, p.text);
    confidence.push(guessFromProbabilities(model, softmax(fieldLogits(model, x)), x.coverage).archiveProbability);
    coverage.push(x.coverage);
  }
  const level = (values: number[], share: number) =>
    Math.floor(values.sort((a, b) => a - b)[Math.floor(share * values.length)] * 100) / 100;
  return { minConfidence: level(confidence, UNKNOWN_SHARE), minCoverage: level(coverage, COVERAGE_SHARE) };
}

main();
