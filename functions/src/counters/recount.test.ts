/**
 * A domain whose entity declares counters is recounted without anyone remembering to list it: every
 * `defineEntity({ … })` of the functions' source is read, and each one that declares `counters` must be a segment
 * of the recount (COUNTED).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COUNTED } from './recount';

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

/** The names of the entities defined with counters: each definition's object, up to its closing line. */
function countedDefinitions(): string[] {
  const names: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const [, body = ''] of text.matchAll(/defineEntity<[^>]*>\(\{\n([\s\S]*?)\n\}\);/g)) {
      const name = /^ {2}name: '([^']+)'/m.exec(body)?.[1];
      if (name && /^ {2}counters:/m.test(body)) names.push(name);
    }
  }
  return names.sort();
}

describe('The recount', () => {
  it('recounts every entity that declares counters', () => {
    const definitions = countedDefinitions();
    // The scan finds the definitions it should (a change of their layout would otherwise pass silently).
    expect(definitions).toEqual(expect.arrayContaining(['contact', 'order', 'stock', 'stockMovement']));
    const segments = COUNTED.map(([name]) => name);
    expect(segments).toEqual(expect.arrayContaining(definitions));
    expect(new Set(segments).size).toBe(segments.length);
  });
});
