/**
 * The page's side of the import checker: sends requests to its worker, numbered, and resolves each with the
 * worker's answer to it; a load's progress goes to `onProgress`. Ending it (another file, back, leaving) stops the
 * worker at once, whatever it was doing.
 */
import type { CheckReply, CheckRequest } from './import-check';

type Progress = Extract<CheckReply, { type: 'progress' }>;
type Answer = Exclude<CheckReply, Progress>;
/** A request as the page writes it: the client numbers it. */
type Ask = CheckRequest extends infer R ? (R extends { seq: number } ? Omit<R, 'seq'> : never) : never;

export interface WorkerLike {
  postMessage(message: CheckRequest): void;
  onmessage: ((event: MessageEvent<CheckReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export class CheckerClient {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly worker: WorkerLike,
    private readonly onProgress: (p: Progress) => void,
  ) {
    worker.onmessage = (event) => {
      const reply = event.data;
      if (reply.type === 'progress') return this.onProgress(reply);
      this.waiting.get(reply.seq)?.resolve(reply);
      this.waiting.delete(reply.seq);
    };
    worker.onerror = (event) => this.fail(new Error(event.message || 'import checker failed'));
  }

  /** The number the next request gets. */
  get nextSeq() {
    return this.seq + 1;
  }

  request(ask: Ask): Promise<Answer> {
    const seq = ++this.seq;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.worker.postMessage({ ...ask, seq } as CheckRequest);
    });
  }

  /** Stops the worker; unanswered requests fail. */
  end() {
    this.worker.terminate();
    this.fail(new Error('import checker ended'));
  }

  private fail(error: Error) {
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }
}

/** A new checker in its own worker (a chunk of its own in the build). */
export const startChecker = (onProgress: (p: Progress) => void) =>
  new CheckerClient(
    new Worker(new URL('../workers/import-check.worker.ts', import.meta.url), {
      type: 'module',
      name: 'import-check',
    }) as unknown as WorkerLike,
    onProgress,
  );
