// parseCollectionBytes at scale, in every format: 100k tiny entries within a CPU-time bound.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCollectionBytes } from '../../../../src/core/collections/corpus';

const enc = (s: string) => new TextEncoder().encode(s);

interface Entry {
  key: string;
  abstract: string;
}

/** How to write a file of entries, one entry per line, in each format; `first` is the line of entry 0. */
interface Format {
  name: string;
  file: string;
  first: number;
  write(entries: Entry[]): string;
  /** One entry's line, for inserting a broken or huge one. */
  entry(e: Entry): string;
}

const bibEntry = (e: Entry) => `@misc{${e.key}, title = {T ${e.key}}, abstract = {${e.abstract}}}`;
const cslEntry = (e: Entry) => JSON.stringify({ id: e.key, title: `T ${e.key}`, abstract: e.abstract });
const atomEntry = (e: Entry) => `<entry><id>http://arxiv.org/abs/${e.key}</id><title>T ${e.key}</title><summary>${e.abstract}</summary></entry>`;

const FORMATS: Format[] = [
  { name: 'Daily Papers', file: 'dump.txt', first: 2, entry: (e) => e.abstract, write: (es) => `Daily Papers\n${es.map((e) => e.abstract).join('\n')}\n` },
  { name: 'BibTeX', file: 'refs.bib', first: 1, entry: bibEntry, write: (es) => `${es.map(bibEntry).join('\n')}\n` },
  { name: 'CSL-JSON', file: 'zotero.json', first: 2, entry: cslEntry, write: (es) => `[\n${es.map(cslEntry).join(',\n')}\n]\n` },
  { name: 'JSON Lines', file: 'papers.jsonl', first: 1, entry: cslEntry, write: (es) => `${es.map(cslEntry).join('\n')}\n` },
  { name: 'arXiv Atom', file: 'query.xml', first: 2, entry: atomEntry, write: (es) => `<feed xmlns="http://www.w3.org/2005/Atom">\n${es.map(atomEntry).join('\n')}\n</feed>\n` },
];


function parse(f: Format, text: string | Uint8Array) {
  return parseCollectionBytes(typeof text === 'string' ? enc(text) : text, f.file);
}


describe('parseCollectionBytes at scale', () => {
  for (const f of FORMATS) {
    test(`${f.name}: 100k tiny entries parse in a few seconds`, () => {
      const many = Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}`, abstract: `Abstract ${i}.` }));
      const bytes = enc(f.write(many));
      const started = performance.now();
      const cpu = process.cpuUsage();
      const r = parse(f, bytes);
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      const ms = performance.now() - started;
      console.log(`${f.name}: 100k entries (${(bytes.length / 1e6).toFixed(1)} MB) in ${ms.toFixed(0)} ms (${cpuMs.toFixed(0)} ms of CPU)`);
      assert.equal(r.papers.length, 100_000);
      assert.deepEqual(r.problems, []);
      // CPU time, not wall time: the bound holds on a busy machine too
      assert.ok(cpuMs < 10_000, `${cpuMs} ms of CPU`);
    });
  }
});
