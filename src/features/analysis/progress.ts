import * as vscode from 'vscode';

/** Shows a notification only when the work takes longer than this. */
const NOTIFY_AFTER_MS = 600;

/**
 * The progress of a load: in the tree's view at once, and in a cancellable notification when the load takes
 * longer than NOTIFY_AFTER_MS (showing the last step reported so far).
 */
export class LoadProgress {
  private finished = false;
  private notify: ((m: string) => void) | undefined;
  private lastMessage = 'loading';
  private markDone!: () => void;
  private readonly doneShown = new Promise<void>((resolve) => (this.markDone = resolve));
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(stop: AbortController) {
    this.timer = setTimeout(() => {
      if (this.finished) return;
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Papers', cancellable: true },
        (progress, token) => {
          token.onCancellationRequested(() => stop.abort());
          this.notify = (m) => progress.report({ message: m });
          this.notify(this.lastMessage);
          return this.doneShown;
        },
      );
    }, NOTIFY_AFTER_MS);
  }

  report(message: string): void {
    this.lastMessage = message;
    this.notify?.(message);
  }

  done(): void {
    this.finished = true;
    clearTimeout(this.timer);
    this.markDone();
  }
}
