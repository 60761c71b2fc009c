// The input classes, in the order the runner takes them (case N is of class N mod the number of classes, so
// even a short budget tries every class), each a function of the case's PRNG and its Place that lays the input
// out and returns the command lines to run.
import { FORMAT_CLASSES } from './formats.mjs';
import { storeFiles } from './storeFiles.mjs';
import { collectionCommands, GOOD_BIB, WORKSPACE_CLASSES } from './workspace.mjs';
/** @typedef {import('./prng.mjs').Random} Random */
/** @typedef {import('./workspace.mjs').Place} Place */
/** @typedef {(r: Random, place: Place) => string[][]} MakeCase lays a case's input out; returns its command lines */

/**
 * A collection file of a format class, given alone or beside a good file, on the command line or in the settings.
 * @param {(r: Random) => { ext: string, data: string | Uint8Array }} generate
 * @returns {MakeCase}
 */
function formatCase(generate) {
  return (r, place) => {
    const { ext, data } = generate(r);
    const name = `input${ext ? `.${ext}` : ''}`;
    place.file(name, data);
    place.file('good.bib', GOOD_BIB());
    const files = r.chance(0.5) ? [name, 'good.bib'] : [name];
    if (r.chance(0.2)) {
      place.file('.vscode/settings.json', JSON.stringify({ 'papers.collections': files }));
      return [['links']];
    }
    return collectionCommands(r, files);
  };
}

export const CLASSES = [
  ...Object.entries(FORMAT_CLASSES).map(([name, generate]) => ({ name, make: formatCase(generate) })),
  ...Object.entries(WORKSPACE_CLASSES).map(([name, make]) => ({ name, make })),
  { name: 'papers-stores', make: storeFiles },
];
