// Every repository path a comment names must exist: a comment that points at a file that moved or was deleted
// sends the reader nowhere. Comments are found by a small lexer that skips strings, templates and regular
// expressions (so `//` inside one is not a comment; it finds the comments TypeScript's parser finds in every file
// here, a tenth of the time); paths are those under the repository's top folders (src/, scripts/, test/,
// media/, docs/, seeds/) or under src/ written without it (core/…, features/…, node/…), with a file extension.
// What the build writes (the folders .gitignore names) is left out: it is not there before a build.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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

/** Characters after which a `/` starts a regular expression rather than dividing. */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^']);
const KEYWORDS_BEFORE_REGEX = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|void|yield|await|delete|throw|new)$/;

/** The comments of a JavaScript or TypeScript text, with the offset each starts at. */
export function commentsOf(text: string): { at: number; text: string }[] {
  const comments: { at: number; text: string }[] = [];
  const templateDepth: number[] = []; // for each open template, the brace depth at its `${`
  let braces = 0;
  let last = ''; // the last significant character outside comments and literals
  let i = 0;
  const skipString = (quote: string) => {
    for (i++; i < text.length && text[i] !== quote; i++) if (text[i] === '\\') i++;
    i++;
  };
  const skipTemplate = () => {
    // from after a backtick or a `}` that closes `${`: to the closing backtick, or into the next `${`
    for (; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '`') return void i++;
      else if (text[i] === '$' && text[i + 1] === '{') {
        templateDepth.push(braces++);
        i += 2;
        return;
      }
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      comments.push({ at: i, text: text.slice(i, stop) });
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      comments.push({ at: i, text: text.slice(i, stop) });
      i = stop;
    } else if (c === '"' || c === "'") {
      skipString(c);
      last = c;
    } else if (c === '`') {
      i++;
      skipTemplate();
      last = '`';
    } else if (
      c === '/' &&
      (last === '' ||
        BEFORE_REGEX.has(last) ||
        KEYWORDS_BEFORE_REGEX.test(text.slice(Math.max(0, i - 12), i).trimEnd()))
    ) {
      // a regular expression: to its closing slash, a class [...] may hold one
      let inClass = false;
      for (i++; i < text.length && text[i] !== '\n'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        else if (text[i] === '/' && !inClass) break;
      }
      i++;
      last = '/';
    } else {
      if (c === '{') braces++;
      else if (c === '}') {
        braces--;
        if (templateDepth.length && templateDepth[templateDepth.length - 1] === braces) {
          templateDepth.pop();
          i++;
          skipTemplate();
          last = '`';
          continue;
        }
      }
      if (c !== ' ' && c !== '\n' && c !== '\t' && c !== '\r') last = c;
      i++;
    }
  }
  return comments;
}

/** The repository paths the comments of `text` name. */
export function pathsNamed(file: string, text: string): NamedPath[] {
  // parsing is the slow part: most files name no path at all, in a comment or elsewhere
  if (!ANY_PATH.test(text)) return [];
  return commentsOf(text).flatMap((comment) =>
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
      "const d = a / 2, f = '/'; // media/papers.svg, after a division",
      "const e = `${b ? '// src/inNested.ts' : `${'x'}`}`; return /[/]/.test(e); // seeds/ai-2025.txt",
    ].join('\n');
    assert.deepEqual(
      pathsNamed('example.ts', text).map(({ line, path }) => `${line}:${path}`),
      [
        '1:src/core/papers/index.ts',
        '2:docs/benchmarks.md',
        '3:src/core/search/partial.ts',
        '4:scripts/bench/run.mjs',
        '5:media/papers.svg',
        '6:seeds/ai-2025.txt',
      ],
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
