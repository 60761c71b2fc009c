import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applyChange, parseUserData, serializeUserData } from '../../../../src/core/papers/userData';
import { PapersInputError } from '../../../../src/core/common/errors';

describe('serializeUserData and parseUserData', () => {
  test('user data files have a stable key order and drop empty fields', () => {
    const text = serializeUserData({ tags: ['b', 'a', 'b'], zeta: 1, starred: true, read: false, alpha: 'x' });
    assert.equal(
      text,
      '{\n  "starred": true,\n  "tags": [\n    "a",\n    "b"\n  ],\n  "alpha": "x",\n  "zeta": 1\n}\n',
    );
    assert.deepEqual(parseUserData(text, 'f.json'), { starred: true, tags: ['a', 'b'], alpha: 'x', zeta: 1 });
  });

  test('a broken user data file is an error naming the file and line', () => {
    assert.throws(
      () => parseUserData('{\n  "read": true,\n  oops\n}', '.papers/papers/x.json'),
      (err: unknown) => {
        assert.ok(err instanceof PapersInputError);
        assert.equal(err.file, '.papers/papers/x.json');
        assert.equal(err.line, 3);
        return true;
      },
    );
    assert.throws(() => parseUserData('[1]', 'x.json'), /JSON object/);
    assert.throws(() => parseUserData('{"read": "yes"}', 'x.json'), /true or false/);
  });
});

describe('applyChange', () => {
  test('a change keeps what another window wrote to the other fields', () => {
    const onDisk = { read: true, tags: ['mine'] };
    assert.deepEqual(applyChange(onDisk, { starred: true }), { read: true, tags: ['mine'], starred: true });
  });

  test('"not interested" is written between the star and the tags, dropped when false, and must be a flag', () => {
    const text = serializeUserData({ tags: ['x'], zeta: 1, notInterested: true, read: true });
    assert.deepEqual(Object.keys(JSON.parse(text)), ['read', 'notInterested', 'tags', 'zeta']);
    assert.deepEqual(parseUserData(text, 'f.json').notInterested, true);
    assert.equal(serializeUserData({ read: true, notInterested: false }), '{\n  "read": true\n}\n');
    assert.throws(() => parseUserData('{"notInterested": 1}', 'x.json'), /"notInterested" must be true or false/);
  });

  test('undoing "not interested" keeps what another window wrote meanwhile', () => {
    const onDisk = { read: true, tags: ['later'], notInterested: true };
    assert.deepEqual(applyChange(onDisk, { notInterested: false }), {
      read: true,
      tags: ['later'],
      notInterested: false,
    });
    assert.equal(serializeUserData(applyChange(onDisk, { notInterested: false })).includes('notInterested'), false);
  });
});
