/**
 * Runs a store's file work one task at a time: its read-merge-writes and the re-reads its watcher asks for.
 * A re-read that began before one of the store's own writes ended would otherwise put the older content
 * back in memory after the newer one (two quick changes in a row).
 */
export class FileQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it; a failed task does not stop the next ones. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
