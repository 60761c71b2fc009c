/** Heap plus typed-array memory in MB after two full collections (run node with --expose-gc). */
export function liveMemoryMb(): number {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  gc();
  gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
}
