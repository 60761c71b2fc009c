// Every repository path a comment names must exist: a comment that points at a file that moved or was deleted
// sends the reader nowhere. Comments are found with TypeScript's parser (so `//` inside a string, a template or
// a regular expression is not one); paths are those under the repository's top folders (src/, scripts/, test/,
// media/, docs/, seeds/) or under src/ written without it (core/…, features/…, node/…), with a file extension.
// What the build writes (the folders .gitignore names) is left out: it is not there before a build.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/** The repository, from out/test/unit/repository/ where this runs. */
const ROOT = join(__dirname, '..', '..', '..', '..');
const SCANNED = ['src', 'scripts', 'test'];
const SOURCE = /\.(?:ts|mts|cts|mjs|cjs|js)$/;
/** Folders of test data and of the VS Code test cache: not code whose comments we write. */
const NOT_SCANNED = new Set(['fixtures', 'node_modules', '.vscode-test']);
const TOP = ['src', 'scripts', 'test', 'media', 'docs', 'seeds'];
const UNDER_SRC = ['core', 'features', 'node', 'cli', 'webview'];
const EXTENSIONS = 'ts|mts|cts|mjs|cjs|js|json|jsonl|md|css|html|svg|png|txt|bib|gz';
const PATH = new RegExp(
  `(?<![\\w./@-])(?:${[...TOP, ...UNDER_SRC].join('|')})/[\\w./-]*?[\\w-]\\.(?:${EXTENSIONS})(?![\\w/-])`,
  'g',
);

const ANY_PATH = new RegExp(PATH.source);

export interface NamedPath {
  file: string;
  line: number;
  path: string;
}

/** Files under `dir` (relative to the repository) whose comments are checked. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return NOT_SCANNED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** [start, end) of every string, template and regular-expression literal: text there is not a comment. */
function literalRanges(source: ts.SourceFile): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      ranges.push([node.getStart(source), node.end]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** The comments of a JavaScript or TypeScript text, with the offset each starts at. */
export function commentsOf(fileName: string, text: string): { at: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const literals = literalRanges(source);
  const comments: { at: number; text: string }[] = [];
  let next = 0; // the first literal that may still lie ahead
  for (let i = 0; i < text.length; i++) {
    while (next < literals.length && literals[next][1] <= i) next++;
    if (next < literals.length && literals[next][0] <= i) {
      i = literals[next][1] - 1;
      continue;
    }
    if (text[i] !== '/' || (text[i + 1] !== '/' && text[i + 1] !== '*')) continue;
    const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 2;
    const stop = end <= 1 || end === -1 ? text.length : end;
    comments.push({ at: i, text: text.slice(i, stop) });
    i = stop - 1;
  }
  return comments;
}

/** The repository paths the comments of `text` name. */
export function pathsNamed(file: string, text: string): NamedPath[] {
  // parsing is the slow part: most files name no path at all, in a comment or elsewhere
  if (!ANY_PATH.test(text)) return [];
  return commentsOf(file, text).flatMap((comment) =>
    [...comment.text.matchAll(PATH)].map((m) => ({
      file,
      line: text.slice(0, comment.at + m.index).split('\n').length,
      path: UNDER_SRC.some((dir) => m[0].startsWith(`${dir}/`)) ? `src/${m[0]}` : m[0],
    })),
  );
}

/** Folders the build writes (from .gitignore): a path there is not in a fresh checkout, and need not be. */
function builtFolders(): string[] {
  return readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/') && !line.startsWith('#'));
}

function missingPaths(named: NamedPath[]): NamedPath[] {
  const built = builtFolders();
  return named.filter(({ path }) => !built.some((folder) => path.startsWith(folder)) && !existsSync(join(ROOT, path)));
}

describe('paths named in comments', () => {
  test('finds the paths of comments, not of strings, templates or regular expressions', () => {
    const text = [
      "const a = '// src/core/inString.ts'; // see src/core/papers/index.ts",
      'const b = `/* docs/inTemplate.md ${a} */`; /* DESIGN: docs/benchmarks.md */',
      'const c = /\\/\\/ media\\/inRegex.png/; // core/search/partial.ts, written under src/',
      '/** scripts/bench/run.mjs; not a path: src/core/ or bench/results/x.json */',
    ].join('\n');
    assert.deepEqual(
      pathsNamed('example.ts', text).map(({ line, path }) => `${line}:${path}`),
      ['1:src/core/papers/index.ts', '2:docs/benchmarks.md', '3:src/core/search/partial.ts', '4:scripts/bench/run.mjs'],
    );
  });

  test('a missing file is reported with the file and line that name it', () => {
    const named = pathsNamed('example.ts', '// moved away: src/core/noSuchModule.ts\n// here: src/extension.ts');
    assert.deepEqual(missingPaths(named), [{ file: 'example.ts', line: 1, path: 'src/core/noSuchModule.ts' }]);
  });

  test('every repository path a comment in src/, scripts/ or test/ names exists', () => {
    const named = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      pathsNamed(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    assert.ok(named.length > 30, `only ${named.length} paths found: is the scan broken?`);
    const missing = missingPaths(named).map(({ file, line, path }) => `${relative('.', file)}:${line} names ${path}`);
    assert.deepEqual(missing, [], `comments name files that do not exist:\n${missing.join('\n')}`);
  });
});
