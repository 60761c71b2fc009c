/**
 * The messages between the extension host and the paper view page: one union per direction. The host
 * posts nothing before the page said `webviewDidLoad`. No vscode or node imports: the page bundles this.
 */

/** Everything the page shows of one paper: plain data, already resolved by the host. */
export interface PaperViewModel {
  id: string;
  key: string;
  title: string;
  method: string | null;
  themeLabel: string;
  collections: string[];
  keywords: string[];
  abstract: string;
  related: { id: string; title: string }[];
  read: boolean;
  starred: boolean;
  hasNotes: boolean;
}

// Host -> page.
export interface DidShowPaper {
  type: 'didShowPaper';
  paper: PaperViewModel;
}
export interface DidUpdateMarks {
  type: 'didUpdateMarks';
  id: string;
  read: boolean;
  starred: boolean;
  hasNotes: boolean;
}
export type HostToPageMessage = DidShowPaper | DidUpdateMarks;

// Page -> host.
export interface WebviewDidLoad {
  type: 'webviewDidLoad';
}
export interface WebviewDidOpenRelated {
  type: 'webviewDidOpenRelated';
  id: string;
}
export const PAPER_ACTIONS = ['toggleStar', 'toggleRead', 'openNotes', 'copyKey'] as const;
export type PaperAction = (typeof PAPER_ACTIONS)[number];
export interface WebviewDidRequest {
  type: 'webviewDidRequest';
  action: PaperAction;
  id: string;
}
export type PageToHostMessage = WebviewDidLoad | WebviewDidOpenRelated | WebviewDidRequest;

/** What the page keeps with `setState`, and what the panel serializer gets back after a reload. */
export interface PaperPageState {
  paperId?: string;
}

/**
 * Checks a message from the page before the host acts on it: the page is a browser context, so its
 * messages are data to validate, not trusted values.
 */
export function isPageToHostMessage(value: unknown): value is PageToHostMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'webviewDidLoad':
      return true;
    case 'webviewDidOpenRelated':
      return typeof m.id === 'string';
    case 'webviewDidRequest':
      return typeof m.id === 'string' && (PAPER_ACTIONS as readonly unknown[]).includes(m.action);
    default:
      return false;
  }
}

/** Reads the page state handed to the serializer, whatever was stored. */
export function toPaperPageState(value: unknown): PaperPageState {
  if (value && typeof value === 'object' && typeof (value as PaperPageState).paperId === 'string') {
    return { paperId: (value as PaperPageState).paperId };
  }
  return {};
}

/** For the default branch of an exhaustive `switch`: fails to compile when a message type is not handled. */
export function assertNever(value: never): never {
  throw new Error(`Papers: unexpected message ${JSON.stringify(value)}`);
}
