/**
 * One-way imports (bulletproof-react): app → features → shared code. A feature does not import another
 * feature, and shared code (components, lib, hooks, config) imports neither a feature nor the app. Biome's
 * noRestrictedImports (web/biome.json) says so in the editor, but it matches import specifiers, not the files
 * they lead to, so a file nested one folder deeper slips past it; this test resolves every relative import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const SHARED = new Set(['components', 'lib', 'hooks', 'config']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** Where a file sits: its top folder under src, and its feature's name when it has one. */
function placeOf(path: string): { top: string; feature?: string } {
  const [top = '', second] = path.split(sep);
  return top === 'features' ? { top, feature: second } : { top };
}

/** Why `from` may not import `to` (both relative to src), or null when it may. */
function violation(from: string, to: string): string | null {
  const a = placeOf(from);
  const b = placeOf(to);
  if (to.startsWith('..')) return null;
  if (a.feature && b.feature && a.feature !== b.feature) return `feature ${a.feature} imports feature ${b.feature}`;
  if (SHARED.has(a.top) && (b.top === 'features' || b.top === 'app')) return `shared ${a.top} imports ${b.top}`;
  if (a.top === 'features' && b.top === 'app') return `feature ${a.feature} imports the app`;
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function violations(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const from = relative(SRC, file);
    return [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap(([, spec = '']) => {
      if (!spec.startsWith('.')) return [];
      const why = violation(from, relative(SRC, resolve(dirname(file), spec)));
      return why ? [`${from} → ${spec}: ${why}`] : [];
    });
  });
}

describe('Rule: one-way imports', () => {
  it.each([
    [
      'features/orders/components/lines/line-grid.tsx',
      'features/contacts/api/get-contact',
      'feature orders imports feature contacts',
    ],
    ['features/orders/order-page.tsx', 'features/products/utils/wizard', 'feature orders imports feature products'],
    ['components/data-grid/data-grid.tsx', 'features/stocks/api/x', 'shared components imports features'],
    ['lib/auth.ts', 'app/router', 'shared lib imports app'],
    ['features/users/routes/user-list.tsx', 'app/router', 'feature users imports the app'],
  ])('refuses %s → %s', (from, to, why) => {
    expect(violation(from.split('/').join(sep), to.split('/').join(sep))).toBe(why);
  });

  it.each([
    ['features/orders/components/lines/line-grid.tsx', 'features/orders/api/get-order'],
    ['features/orders/routes/order-list.tsx', 'components/data-grid/data-grid'],
    ['app/router.tsx', 'features/orders/routes/order-list'],
    ['components/forms/owner-account-field.tsx', 'lib/reference-data'],
  ])('allows %s → %s', (from, to) => {
    expect(violation(from.split('/').join(sep), to.split('/').join(sep))).toBeNull();
  });

  it('holds across web/src', () => {
    expect(violations()).toEqual([]);
  });
});
