/**
 * The import checker's worker: reads and checks the whole chosen file off the page's main thread (issue 14). The
 * content security policy forbids eval in the worker too: its zod is the SPA's, configured jitless before any schema
 * is built (lib/zod.ts).
 */
import { type CheckReply, type CheckRequest, importChecker } from '../utils/import-check';

const scope = self as unknown as {
  postMessage: (reply: CheckReply) => void;
  onmessage: ((event: MessageEvent<CheckRequest>) => void) | null;
};

const handle = importChecker((reply) => scope.postMessage(reply));

scope.onmessage = (event) => {
  void handle(event.data).catch((error: unknown) => {
    // What no rule foresaw: the screen says the file could not be read, the console keeps the cause.
    console.error(error);
    scope.postMessage({ seq: event.data.seq, type: 'failed', key: 'import.read_failure' });
  });
};
