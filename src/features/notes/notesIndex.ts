/**
 * Which paper each notes file belongs to: by the paper key in its file name, else by the `id` or `paper` of
 * its front matter. WorkspaceNotes (notes.ts) keeps the files; this index is rebuilt from them when they or
 * the model change.
 */
import * as vscode from 'vscode';
import { Analysis } from '../../core/analysis';
import { NotesFrontMatter, notesFileName } from '../../core/notes';
import { idPartOfKey, Paper } from '../../core/papers';
import { PapersModel } from '../services';

const KEY_WITH_ID = /(?:^|-)[0-9a-f]{7,16}$/i;

/** A notes file as WorkspaceNotes knows it. */
export interface NotesFile {
  uri: vscode.Uri;
  /** Bumped on every change, so a slow read of an older version is dropped. */
  version: number;
  text?: string;
  frontMatter?: NotesFrontMatter;
  reading?: boolean;
}

export class NotesIndex {
  /** Paper id -> the file name of its notes. */
  private byPaper = new Map<string, string>();
  /** Files whose name alone names their paper: their front matter cannot change the index. */
  private resolvedByName = new Set<string>();
  private prefixIndex: { analysis: Analysis; ids: Map<string, string[]> } | undefined;

  constructor(private readonly model: PapersModel) {}

  /** Does the paper have notes? */
  has(id: string): boolean {
    return this.byPaper.has(id);
  }

  /** The file name of a paper's notes. */
  nameOf(id: string): string | undefined {
    return this.byPaper.get(id);
  }

  /** Does the file's name alone name its paper (so its front matter cannot change the index)? */
  namedByFile(name: string): boolean {
    return this.resolvedByName.has(name);
  }

  /** The notes file of a paper, even before the model is loaded: by index, else by the id in a file name. */
  fileOf(paper: Paper, files: Map<string, NotesFile>): NotesFile | undefined {
    const indexed = this.byPaper.get(paper.id);
    if (indexed !== undefined) return files.get(indexed);
    // Once the model is loaded the index knows every file a name or a front matter ties to this paper.
    if (this.model.analysis) return undefined;
    for (const [name, file] of files) {
      const stem = name.slice(0, -3);
      if (KEY_WITH_ID.test(stem) && paper.id.startsWith(idPartOfKey(stem))) return file;
      if (file.frontMatter?.id === paper.id) return file;
    }
    return undefined;
  }

  /** Maps the files to papers again; true when the set of papers with notes changed. */
  reindex(files: Map<string, NotesFile>): boolean {
    const analysis = this.model.analysis;
    const next = new Map<string, string>();
    const byName = new Set<string>();
    if (analysis) {
      const names = [...files.keys()].sort();
      for (const name of names) {
        const stem = name.slice(0, -3);
        let id = KEY_WITH_ID.test(stem) ? this.idByPrefix(idPartOfKey(stem), analysis) : undefined;
        if (id !== undefined) byName.add(name);
        else id = this.idByFrontMatter(files.get(name)!.frontMatter, analysis);
        if (id === undefined) continue;
        // Two files for one paper: the one with the paper's own file name wins, else the first by name.
        if (!next.has(id)) next.set(id, name);
        else {
          const paper = analysis.byId.get(id)!;
          if (name === notesFileName(paper, this.model.keyOf(paper))) next.set(id, name);
        }
      }
    }
    this.resolvedByName = byName;
    const changed = next.size !== this.byPaper.size || [...next].some(([id, name]) => this.byPaper.get(id) !== name);
    this.byPaper = next;
    return changed;
  }

  /** The paper a file's front matter names, by `id`, else by the id part of its `paper` key. */
  private idByFrontMatter(fm: NotesFrontMatter | undefined, analysis: Analysis): string | undefined {
    if (fm?.id && analysis.byId.has(fm.id)) return fm.id;
    if (fm?.paper && KEY_WITH_ID.test(fm.paper)) return this.idByPrefix(idPartOfKey(fm.paper), analysis);
    return undefined;
  }

  /** The one paper whose id starts with `part` (at least 7 hex digits); undefined when none or ambiguous. */
  private idByPrefix(part: string, analysis: Analysis): string | undefined {
    if (this.prefixIndex?.analysis !== analysis) {
      const ids = new Map<string, string[]>();
      for (const p of analysis.papers) {
        const key = p.id.slice(0, 7);
        const list = ids.get(key);
        if (list) list.push(p.id);
        else ids.set(key, [p.id]);
      }
      this.prefixIndex = { analysis, ids };
    }
    const matches = (this.prefixIndex.ids.get(part.slice(0, 7)) ?? []).filter((id) => id.startsWith(part));
    return matches.length === 1 ? matches[0] : undefined;
  }
}
