/**
 * Non-negative integer codes (exact doubles, up to 2^53) -> dense ids 0, 1, 2... by open addressing:
 * no allocation per lookup, unlike a Map keyed by large numbers.
 */
export class CodeTable {
  private keys = new Float64Array(1 << 12).fill(-1);
  private vals = new Int32Array(1 << 12);
  readonly codes: number[] = [];
  get size(): number {
    return this.codes.length;
  }
  /** The id of a code, or -1. */
  get(code: number): number {
    const mask = this.keys.length - 1;
    for (let h = CodeTable.hash(code) & mask; ; h = (h + 1) & mask) {
      if (this.keys[h] === code) return this.vals[h];
      if (this.keys[h] === -1) return -1;
    }
  }
  /** The id of a code, given the next free id when new. */
  add(code: number): number {
    if (this.codes.length * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let h = CodeTable.hash(code) & mask; ; h = (h + 1) & mask) {
      if (this.keys[h] === code) return this.vals[h];
      if (this.keys[h] === -1) {
        this.keys[h] = code;
        this.vals[h] = this.codes.length;
        this.codes.push(code);
        return this.vals[h];
      }
    }
  }
  private grow(): void {
    const old = this.codes;
    this.keys = new Float64Array(this.keys.length * 2).fill(-1);
    this.vals = new Int32Array(this.keys.length);
    const mask = this.keys.length - 1;
    old.forEach((code, id) => {
      let h = CodeTable.hash(code) & mask;
      while (this.keys[h] !== -1) h = (h + 1) & mask;
      this.keys[h] = code;
      this.vals[h] = id;
    });
  }
  private static hash(code: number): number {
    const lo = code % 0x40000000;
    const hi = Math.floor(code / 0x40000000);
    return (Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca77)) >>> 0;
  }
}
