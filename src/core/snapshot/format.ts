/**
 * The container an analysis snapshot is stored in: one buffer with a header (magic, format version,
 * total length), a small JSON part, the typed arrays, then the text. A snapshot of a large collection
 * is mostly abstracts, and one JSON document that size is slow to parse and build. Here the text of every
 * string is one long UTF-8 run cut into short chunks (decoding short chunks is fast, and a chunk that holds
 * a character above U+00FF does not make all the text two bytes a character), and each string is a slice of
 * its chunk. The header makes a truncated file, a file of another format or plain garbage an error
 * (SnapshotError) instead of wrong data, and every number that points into the file (sections, string
 * numbers, offsets, chunk lengths) is checked. There is no checksum: a flipped byte inside an abstract or a
 * posting weight would go unnoticed (a checksum would make every restore read and hash the whole file,
 * the parts it defers included).
 */

export { SNAPSHOT_FORMAT, SnapshotError } from './formatLayout';
export { bytesSource, SnapshotReader } from './formatReader';
export type { SnapshotSource } from './formatReader';
export { SnapshotWriter } from './formatWriter';
