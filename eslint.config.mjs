// ESLint flat config: typescript-eslint's recommended rules (syntax only, no type information, so it stays fast)
// over src, test and scripts, plus the boundary that keeps src/core free of the editor and of Node.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// src/core is pure TypeScript that runs anywhere (extension host, analysis process, CLI, tests): the editor and
// Node are reached through src/features and src/node, which import core, never the other way round.
const coreBoundary = 'src/core is pure TypeScript: reach the editor or Node through src/features or src/node.';
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));
// `import('…')` and `typeof import('…')` of the same modules (relative ones stay allowed)
const forbiddenSpecifier = `/^(node:.*|vscode|${nodeBuiltins.join('|').replaceAll('/', '\\/')})$/`;

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'out/',
      'media/dist/',
      '.vscode-test/',
      'test-results/',
      'bench/',
      'seeds/',
      'test/fixtures/',
      'test/vscode/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (callback parameters kept for their position, skipped tuple slots)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // text cleaning matches control characters on purpose (stripping them, refusing them in file names)
      'no-control-regex': 'off',
      // `found() || fallback()` as a statement runs the fallback only when the first step found nothing
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true }],
    },
  },
  {
    // the CommonJS stub that stands in for citation-js's fetch libraries
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // the webview page runs in the browser; the UI scenarios pass functions to page.evaluate that run there too
    files: ['src/webview/page/**', 'test/vscode/ui/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // tests assert on parsed JSON whose shape is what is under test; typing every level adds nothing
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the VS Code suites run under mocha inside the extension host
    files: ['test/vscode/suite/**'],
    languageOptions: { globals: { ...globals.mocha } },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: coreBoundary },
            ...nodeBuiltins.map((name) => ({ name, message: coreBoundary })),
          ],
          patterns: [
            { group: ['node:*'], message: coreBoundary },
            {
              group: ['**/features', '**/features/**', '**/node', '**/node/**', '**/cli', '**/cli/**'],
              message: 'src/core may not depend on src/features, src/node or src/cli: they depend on it.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='require']", message: coreBoundary },
        { selector: `ImportExpression[source.value=${forbiddenSpecifier}]`, message: coreBoundary },
        { selector: `TSImportType[argument.literal.value=${forbiddenSpecifier}]`, message: coreBoundary },
      ],
    },
  },
  prettier,
);
