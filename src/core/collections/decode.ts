import { LoadProblem, PapersInputError } from '../common';

/** The result of turning a file's bytes into text. */
export interface DecodedText {
  text: string;
  problems: LoadProblem[];
}

/** 1-based line number of a byte offset (counts LF bytes before it). */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    let need = 0;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return i;
    for (let k = 1; k <= need; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * Decodes a text file: UTF-8 (with or without BOM) or UTF-16 with a BOM.
 * A file with NUL bytes is binary and rejected; invalid UTF-8 is read as Windows-1252
 * with a problem that names the first bad line, so the good entries still load.
 */
export function decodeText(bytes: Uint8Array, file: string): DecodedText {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), problems: [] };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), problems: [] };
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    throw new PapersInputError(file, lineOfByte(bytes, nul), 'this is a binary file (it contains NUL bytes), not text');
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), problems: [] };
  } catch {
    // fall through: not UTF-8
  }
  const bad = Math.max(0, firstInvalidUtf8(body));
  return {
    text: new TextDecoder('windows-1252').decode(body),
    problems: [
      {
        file,
        line: lineOfByte(body, bad),
        message: 'not valid UTF-8; read as Windows-1252 (Latin-1). Save the file as UTF-8 to be sure of its accents.',
      },
    ],
  };
}
