/**
 * A worker thread kept for the titles and keywords of the papers a growth adds (core/analysis/grow.ts): started on
 * first use and kept, so a day's dump does not pay for starting a thread and compiling its code each time. One
 * list at a time; a thread that fails is dropped and the next call starts another.
 */
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { TextFeatures } from '../../core/analysis';
import { FeaturesMessage } from './protocol';

export class FeaturesThread {
  private worker: Worker | undefined;
  private last: Promise<unknown> = Promise.resolve();

  /** `workerPath`: dist/textFeaturesWorker.js. */
  constructor(private readonly workerPath: string) {}

  /** The titles and keywords of the abstracts, computed on the thread. */
  compute(abstracts: string[]): Promise<TextFeatures> {
    const next = this.last.then(
      () => this.ask(abstracts),
      () => this.ask(abstracts),
    );
    this.last = next;
    return next;
  }

  private ask(abstracts: string[]): Promise<TextFeatures> {
    const worker = (this.worker ??= this.start());
    return new Promise((done, reject) => {
      const fail = (err: Error) => {
        cleanup();
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
        reject(err);
      };
      const onMessage = (m: FeaturesMessage) => {
        cleanup();
        if (m.type === 'done') done(m.features);
        else reject(new Error(m.message));
      };
      const onExit = (code: number) => fail(new Error(`text features thread exited with code ${code}`));
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', fail);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', fail);
      worker.on('exit', onExit);
      worker.postMessage(abstracts);
    });
  }

  private start(): Worker {
    const worker = new Worker(resolve(this.workerPath));
    worker.unref(); // an idle thread never keeps a process (the CLI, a benchmark) alive
    return worker;
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
