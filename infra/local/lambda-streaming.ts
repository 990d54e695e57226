/**
 * Lambda response streaming, locally: the `awslambda` global that Lambda's Node runtime provides (middy's
 * `streamifyResponse` calls it when a streaming function is loaded), and a response stream that writes to the
 * HTTP response as API Gateway's STREAM transfer mode does: the status and headers first (the prelude), then each
 * chunk as the function writes it.
 */
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';

const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');

interface Prelude {
  statusCode?: number;
  headers?: Record<string, string>;
}

/** The stream a streaming handler writes its answer to. */
export class LocalResponseStream extends Writable {
  private started = false;

  constructor(private readonly res: ServerResponse) {
    super();
  }

  /** Lambda's `setContentType`, for a handler that streams without a prelude. */
  setContentType(type: string) {
    if (!this.started) this.prelude({ headers: { 'content-type': type } });
  }

  /** What `awslambda.HttpResponseStream.from` writes first in Lambda: the status and headers. */
  prelude(p: Prelude) {
    this.res.writeHead(p.statusCode ?? 200, p.headers ?? {});
    this.started = true;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    if (!this.started) this.prelude({ headers: { 'content-type': 'application/octet-stream' } });
    this.res.write(chunk, (e) => done(e ?? null));
  }

  override _final(done: (error?: Error | null) => void) {
    if (!this.started) this.prelude({});
    this.res.end(() => done());
  }
}

type StreamingHandler = ((event: unknown, stream: LocalResponseStream, context: unknown) => Promise<void>) & {
  [STREAMING]?: string;
};

// The runtime's global, as @types/aws-lambda declares it, completed here when no runtime provides it (other
// libraries may already have put an empty one there).
const runtime: Record<string, unknown> = Reflect.get(globalThis, 'awslambda') ?? {};
if (typeof runtime.streamifyResponse !== 'function') {
  runtime.streamifyResponse = (handler: StreamingHandler) => Object.assign(handler, { [STREAMING]: 'response' });
  runtime.HttpResponseStream = {
    from: (stream: LocalResponseStream, prelude: Prelude) => {
      stream.prelude(prelude);
      return stream;
    },
  };
  Reflect.set(globalThis, 'awslambda', runtime);
}

/** A handler wrapped for response streaming: called with (event, responseStream, context). */
export const isStreaming = (handler: unknown): handler is StreamingHandler =>
  typeof handler === 'function' && (handler as StreamingHandler)[STREAMING] === 'response';
