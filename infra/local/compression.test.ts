/**
 * The local origin compresses the SPA's files as CloudFront does: brotli or gzip by Accept-Encoding, with Vary,
 * text types from 1 KB, so that sizes and timings measured locally are those of production.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from './compression';
import { createLocalServer } from './server';

describe('Function: pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('answers %j with %s', (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

describe('Static files of the local origin', () => {
  const root = mkdtempSync(join(tmpdir(), 'cellar-static-'));
  const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text ${i}`))};\n`;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Cellar</title>');
    writeFileSync(join(root, 'assets', 'app.js'), script);
    writeFileSync(join(root, 'assets', 'tiny.js'), 'export {};\n');
    writeFileSync(join(root, 'assets', 'logo.png'), Buffer.alloc(4000, 1));
    server = createLocalServer(root, () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = request(
        { port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('answers brotli to a browser that accepts it, smaller, with Vary', async () => {
    const res = await get('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('answers gzip to a client without brotli', async () => {
    const res = await get('/assets/app.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('answers the file as it is to a client that accepts no compression, still with Vary', async () => {
    const res = await get('/assets/app.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.toString()).toBe(script);
  });

  it('leaves small files and images uncompressed, as CloudFront does', async () => {
    for (const path of ['/assets/tiny.js', '/assets/logo.png', '/login']) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });
});
