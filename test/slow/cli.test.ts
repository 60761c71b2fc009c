import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/repoRoot';
import { cli, papers } from '../helpers/cli';

const root = repoRoot();
// The commands the CLI has (src/cli/commands.ts); importing that module here would load the whole CLI.
const COMMANDS = ['analyze', 'search', 'export', 'link', 'links'];

describe('papers help', () => {
  test('papers --help, -h and help print the usage listing every command, exit 0', () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const run = papers(...args);
      assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stdout, /^usage: papers <command>/);
      for (const name of COMMANDS) assert.ok(run.stdout.includes(`\n  ${name} `), `${args.join(' ')} lists ${name}`);
      assert.equal(run.stderr, '');
    }
  });

  test("papers <command> --help prints that command's usage and runs nothing, for every command", () => {
    const overview = papers('help').stdout;
    for (const name of COMMANDS) {
      for (const args of [
        [name, '--help'],
        [name, 'some-file.bib', '-h'],
        ['help', name],
      ]) {
        const run = papers(...args);
        assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
        assert.ok(run.stdout.startsWith(`usage: papers ${name} `), `${args.join(' ')}: ${run.stdout}`);
        // the same text the overview lists for that command
        assert.ok(
          overview.includes(`  ${run.stdout.slice('usage: papers '.length).trimEnd()}`),
          `${args.join(' ')} matches the overview`,
        );
        assert.equal(run.stderr, '', `${args.join(' ')} reads no file`);
      }
    }
  });

  test('help about an unknown command, or no command at all, is a usage error (exit 2)', () => {
    const unknown = papers('help', 'frobnicate');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
    const none = papers();
    assert.equal(none.status, 2);
    assert.match(none.stdout, /^usage: papers/);
    const badFlag = papers('analyze', '--frobnicate');
    assert.equal(badFlag.status, 2);
    assert.match(badFlag.stderr, /papers analyze: Unknown option '--frobnicate'/);
  });
});

describe('dist/cli.js', () => {
  test("dist/cli.js runs as a program: its shebang starts node with the CLI's flags (scripts/cliNodeFlags.mjs)", async () => {
    const { CLI_NODE_FLAGS } = (await import(pathToFileURL(join(root, 'scripts', 'cliNodeFlags.mjs')).href)) as {
      CLI_NODE_FLAGS: string[];
    };
    const firstLine = readFileSync(cli, 'utf8').split('\n', 1)[0];
    assert.equal(firstLine, `#!/usr/bin/env -S node ${CLI_NODE_FLAGS.join(' ')}`);
    // run as npm's bin link runs it: by the kernel, through the shebang (a flag node rejects would exit 9 here)
    const run = spawnSync(cli, ['analyze', '--help'], { encoding: 'utf8' });
    assert.equal(run.error, undefined, String(run.error));
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.stdout.startsWith('usage: papers analyze '), run.stdout);
    assert.equal(run.stderr, '');
  });
});
