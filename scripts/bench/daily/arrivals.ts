// What the "new papers" state costs at library scale: its text size and the time to record a load, write and
// read it back, at 10k and 100k known ids (made-up 12-digit ids). Run:
//   npm run bench -- arrivals
import { Arrivals, readArrivals, serializeArrivals } from '../../../src/core/papers';

const RUNS = 7;
const DAILY = 500;

/** Distinct 12-hex-digit ids from a fixed seed (mulberry32). */
function ids(n: number, seed: number): string[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Set<string>();
  while (out.size < n)
    out.add(
      Math.floor(next() * 2 ** 48)
        .toString(16)
        .padStart(12, '0'),
    );
  return [...out];
}

/** Median wall and CPU milliseconds of `f` over RUNS runs (each on a fresh `setup()`). */
function time<T>(setup: () => T, f: (x: T) => void): { wall: number; cpu: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const x = setup();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f(x);
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
  return { wall: median(walls), cpu: median(cpus) };
}

const ms = (t: { wall: number; cpu: number }) => `${t.wall.toFixed(1)} ms (cpu ${t.cpu.toFixed(1)})`;

for (const n of [10_000, 100_000]) {
  const library = ids(n + DAILY, n);
  const before = library.slice(0, n);
  const known = () => {
    const a = new Arrivals();
    a.recordLoad(before, 0);
    return a;
  };
  const text = (() => {
    const a = known();
    a.recordLoad(library, 1);
    return serializeArrivals(a);
  })();
  // the analysis's map of papers by id answers this in the extension
  const inLibrary = new Set(library);
  const asJsonArray = JSON.stringify(library).length;
  const first = time(
    () => new Arrivals(),
    (a) => a.recordLoad(before, 0),
  );
  const daily = time(known, (a) => a.recordLoad(library, 1));
  const same = time(
    () => {
      const a = known();
      a.recordLoad(library, 1);
      return a;
    },
    (a) => a.recordLoad(library, 2, (id) => inLibrary.has(id)),
  );
  const write = time(
    () => readArrivals(text).arrivals,
    (a) => serializeArrivals(a),
  );
  const again = time(
    () => {
      const a = readArrivals(text).arrivals;
      serializeArrivals(a);
      a.markSeen([library[n]]);
      return a;
    },
    (a) => serializeArrivals(a),
  );
  const read = time(
    () => text,
    (t) => readArrivals(t),
  );
  const probe = readArrivals(text).arrivals;
  const isNew = time(
    () => probe,
    (a) => library.forEach((id) => a.isNew(id)),
  );
  console.log(
    [
      `${n.toLocaleString('en-US')} known + ${DAILY} new:`,
      `  text ${(text.length / 1024).toFixed(0)} KiB (ids as a JSON array: ${(asJsonArray / 1024).toFixed(0)} KiB)`,
      `  first load ${ms(first)}, a load with ${DAILY} new ${ms(daily)}, the same load again ${ms(same)}`,
      `  serialize ${ms(write)}, again after a paper is seen ${ms(again)}, read back ${ms(read)}`,
      `  isNew over the library ${ms(isNew)}`,
    ].join('\n'),
  );
}
