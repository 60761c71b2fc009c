import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';
import { joinDashValues } from '../../../src/cli/args';
import { CliCommand } from '../../../src/cli/common';

const OPTIONS: CliCommand['options'] = {
  json: { type: 'boolean' },
  query: { type: 'string', short: 'q' },
  limit: { type: 'string' },
};

const parse = (args: string[]) =>
  parseArgs({ args: joinDashValues(args, OPTIONS), allowPositionals: true, options: OPTIONS });

describe('joinDashValues', () => {
  test('a string option takes a value that starts with a dash, long or short', () => {
    assert.equal(parse(['--query', '-is:read']).values.query, '-is:read');
    assert.equal(parse(['-q', '-is:read', 'a.bib']).values.query, '-is:read');
    assert.deepEqual(parse(['a.bib', '--query', '-is:read', '--json']).positionals, ['a.bib']);
    assert.equal(parse(['--limit', '-3']).values.limit, '-3');
  });

  test('an option as the value, a boolean option and everything after -- are left to parseArgs', () => {
    assert.throws(() => parse(['--query', '--json']), /ambiguous/);
    assert.throws(() => parse(['--query', '-q']), /ambiguous/);
    assert.deepEqual(joinDashValues(['--json', '-x'], OPTIONS), ['--json', '-x']);
    assert.deepEqual(joinDashValues(['--', '--query', '-x'], OPTIONS), ['--', '--query', '-x']);
    assert.deepEqual(joinDashValues(['--query=-x', '-y'], OPTIONS), ['--query=-x', '-y']);
    assert.deepEqual(joinDashValues(['--constructor', '-y'], OPTIONS), ['--constructor', '-y']);
  });
});
