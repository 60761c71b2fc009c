/**
 * The user's own words in a notes file, for exports: what follows the `## Notes` heading of the template
 * (the front matter, title and quoted abstract above it are the paper's, not the user's). A file without
 * that heading is all the user's, less its front matter.
 */
import { readFrontMatter } from '../notes';
import { idPartOfKey } from '../papers';

/** The text the user wrote in a notes file; '' when there is none yet (a fresh template). */
export function userNoteText(markdown: string): string {
  const text = markdown.replace(/^\uFEFF/, '');
  const body = text.replace(/^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/, '');
  const heading = /^##[ \t]+Notes[ \t]*$/im.exec(body);
  const own = heading ? body.slice(heading.index + heading[0].length) : body;
  return own.trim();
}

/**
 * The id prefix a notes file is about: from its front matter (`paper` key, else `id`), else from its file
 * name (`<key>.md`, which ends with the start of the paper id). Undefined when it names none.
 */
export function notesFileIdPart(fileName: string, markdown: string): string | undefined {
  const fm = readFrontMatter(markdown);
  const named = fm?.paper ?? fm?.id ?? fileName.replace(/\.md$/i, '');
  const part = idPartOfKey(named);
  return /^[0-9a-f]{7,16}$/.test(part) ? part : undefined;
}
