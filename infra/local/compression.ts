/**
 * Compression of the SPA's files as CloudFront's cache behaviour does it (compress: true): brotli or gzip by the
 * request's Accept-Encoding, with Vary: Accept-Encoding, for text types between 1 KB and 10 MB. Files are
 * compressed once per version (path and modification time) and kept in memory.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** CloudFront compresses objects of 1,000 bytes to 10,000,000 bytes. */
const MIN_BYTES = 1_000;
const MAX_BYTES = 10_000_000;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * The encoding to answer with: brotli when the client accepts it, else gzip, else none. A q-value of 0 refuses
 * an encoding; `*` accepts those not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const ok = (name: Encoding) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

export const isCompressible = (contentType: string, size: number): boolean =>
  COMPRESSIBLE.test(contentType) && size >= MIN_BYTES && size <= MAX_BYTES;

const cache = new Map<string, Buffer>();

/** A file's bytes in an encoding, compressed on first use of that version of the file. */
export function compressedFile(file: string, mtimeMs: number, encoding: Encoding): Buffer {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let body = cache.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzipSync(raw, { level: 9 });
    cache.set(key, body);
  }
  return body;
}
