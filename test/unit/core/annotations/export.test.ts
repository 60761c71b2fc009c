import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createAnnotation } from '../../../../src/core/annotations/annotations';
import { AnnotatedPaper, annotationsDigest, annotationsW3C } from '../../../../src/core/annotations/export';

// Made-up papers: two themes, one paper with nothing to export, a detached highlight, a multi-line note.
const SOUP = 'Kettles boil water faster when the lid stays on. We measure 40 kettles. Steam escapes through the spout.';
const TIDE = 'Tide pools warm in the afternoon sun. Crabs move to the shaded side of each pool.';
const FOG = 'Morning fog lifts earlier over paved ground than over grass.';

function highlight(
  text: string,
  words: string,
  color: 'yellow' | 'green' | 'blue' | 'pink',
  note?: string,
  minute = 0,
) {
  const at = text.indexOf(words);
  assert.ok(at >= 0, words);
  return createAnnotation(text, at, at + words.length, color, note, { now: new Date(Date.UTC(2026, 0, 2, 3, minute)) });
}

function papers(): AnnotatedPaper[] {
  const soupSpout = highlight(SOUP, 'Steam escapes through the spout', 'green', 'check the\nspout shape', 1);
  const soupLid = highlight(SOUP, 'when the lid stays on', 'yellow', undefined, 2);
  // Highlighted in an older version of the abstract whose sentence is gone now.
  const tideOld = highlight(
    'Old text: barnacles close at low tide to keep water in.',
    'barnacles close at low tide',
    'pink',
    'gone in v2',
    3,
  );
  return [
    {
      key: 'kettle-lids-aaaaaaa',
      title: 'Lids and kettles',
      abstract: SOUP,
      themeLabel: 'Kitchen physics',
      tags: ['heat', 'to-read'],
      annotations: [soupSpout, soupLid],
    },
    { key: 'fog-bbbbbbb', title: 'Fog over pavement', abstract: FOG, themeLabel: 'Weather', tags: [], annotations: [] },
    {
      key: 'tide-pools-ccccccc',
      title: 'Warm tide pools',
      abstract: TIDE,
      themeLabel: 'Coasts',
      tags: ['field-work'],
      annotations: [tideOld],
    },
  ];
}

describe('annotationsDigest', () => {
  test('groups papers by theme with title, key, tags and highlights in reading order with their notes', () => {
    const md = annotationsDigest(papers(), { date: new Date(Date.UTC(2026, 5, 1)) });
    const lines = md.split('\n');
    assert.equal(lines[0], '# Annotations');
    assert.equal(lines[2], '2 papers, 3 highlights · exported 2026-06-01');
    // Themes in the order their papers came, the paper without tags or highlights left out.
    assert.deepEqual(
      lines.filter((l) => l.startsWith('## ')),
      ['## Kitchen physics', '## Coasts'],
    );
    assert.deepEqual(
      lines.filter((l) => l.startsWith('### ')),
      ['### Lids and kettles', '### Warm tide pools'],
    );
    assert.ok(!md.includes('Fog over pavement'));
    const kitchen = md.slice(md.indexOf('## Kitchen physics'), md.indexOf('## Coasts'));
    assert.ok(kitchen.includes('`kettle-lids-aaaaaaa`'));
    assert.ok(kitchen.includes('Tags: #heat #to-read'));
    // The lid comes first in the abstract, so it is highlight 1 though it was made second.
    const lid = kitchen.indexOf('1. “when the lid stays on” _(yellow)_');
    const spout = kitchen.indexOf('2. “Steam escapes through the spout” _(green)_');
    assert.ok(lid > 0 && spout > lid, kitchen);
    assert.ok(
      kitchen.includes('   > check the\n   > spout shape'),
      'each line of a note is quoted under its highlight',
    );
  });

  test('a highlight no longer found in the abstract is listed with its stored words, marked detached', () => {
    const md = annotationsDigest(papers());
    const coasts = md.slice(md.indexOf('## Coasts'));
    assert.ok(
      coasts.includes('1. “barnacles close at low tide” _(pink, detached: no longer found in the abstract)_'),
      coasts,
    );
    assert.ok(coasts.includes('   > gone in v2'));
  });

  test('Markdown in titles, tags and notes is shown as text, not structure', () => {
    const [first] = papers();
    const hostile = {
      ...first,
      title: '# not a heading',
      tags: ['<b>bold</b>'],
      annotations: [highlight(SOUP, 'We measure 40 kettles', 'blue', '- not a list\n<script>x</script>')],
    };
    const md = annotationsDigest([hostile]);
    assert.ok(md.includes('### \\# not a heading'));
    assert.ok(md.includes('#\\<b>bold\\</b>'));
    assert.ok(md.includes('   > \\- not a list\n   > \\<script>x\\</script>'));
  });

  test('nothing to export says so', () => {
    const md = annotationsDigest([
      { key: 'k-ddddddd', title: 'T', abstract: FOG, themeLabel: 'Weather', tags: [], annotations: [] },
    ]);
    assert.match(md, /0 papers, 0 highlights\n\n_No tags or highlights yet\._\n$/);
  });
});

describe('annotationsW3C', () => {
  test('one AnnotationCollection page holding every highlight, with quote and position selectors and the note as body', () => {
    const json = annotationsW3C(papers()) as {
      type: string;
      total: number;
      first: { type: string; items: Record<string, any>[] };
    };
    assert.equal(json.type, 'AnnotationCollection');
    assert.equal(json.total, 3);
    assert.equal(json.first.type, 'AnnotationPage');
    const spout = json.first.items.find((a) => a.target.selector[0].exact === 'Steam escapes through the spout')!;
    assert.equal(spout.type, 'Annotation');
    assert.equal(spout.motivation, 'commenting');
    assert.deepEqual(spout.body, {
      type: 'TextualBody',
      value: 'check the\nspout shape',
      format: 'text/plain',
      purpose: 'commenting',
    });
    assert.equal(spout.target.source, 'urn:papers:paper:kettle-lids-aaaaaaa');
    const position = spout.target.selector[1];
    assert.equal(SOUP.slice(position.start, position.end), 'Steam escapes through the spout');
    const lid = json.first.items.find((a) => a.target.selector[0].exact === 'when the lid stays on')!;
    assert.equal(lid.motivation, 'highlighting');
    assert.equal(lid.body, undefined);
    // The whole thing is plain JSON (it is written with JSON.stringify).
    assert.deepEqual(JSON.parse(JSON.stringify(json)), json);
  });
});
