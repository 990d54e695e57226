/** Writing a file into a stream without outrunning it (the upload's parts, or a direct answer's buffer). */
import type { Writable } from 'node:stream';

/**
 * A promise that rejects when the destination breaks before it has finished (destroyed, or failed): what waits on
 * it races this and never hangs on a stream that will never drain. It never resolves.
 */
export function untilBroken(sink: Writable): Promise<never> {
  const broken = new Promise<never>((_, reject) => {
    const fail = (error?: unknown) => reject(error instanceof Error ? error : new Error('The export file was closed'));
    if (sink.destroyed) return fail(sink.errored);
    sink.once('error', fail);
    sink.once('close', () => {
      if (!sink.writableFinished) fail(sink.errored);
    });
  });
  // Observed by the races it joins; a finished writing leaves it pending.
  broken.catch(() => undefined);
  return broken;
}

/** Waits while the destination holds more than its buffer (the writer then stops producing: flat memory). */
export async function drained(sink: Writable): Promise<void> {
  // The zip and its deflate run on the event loop: let them take what the rows gave them.
  await new Promise((resolve) => setImmediate(resolve));
  while (sink.writableNeedDrain && !sink.destroyed) await new Promise((resolve) => sink.once('drain', resolve));
}
