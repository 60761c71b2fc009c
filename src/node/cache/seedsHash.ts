import { hashBytes } from '../../core/papers';

/** Identity of the bundled seeds: their names and bytes, in name order. */
export function seedsHash(files: { name: string; bytes: Uint8Array }[]): string {
  return [...files]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((f) => `${f.name}:${hashBytes(f.bytes)}`)
    .join(',');
}
