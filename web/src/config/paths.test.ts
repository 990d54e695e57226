import { describe, expect, it } from 'vitest';
import { askedAccessOf, forbiddenPath, paths } from './paths';

const searchOf = (path: string) => new URL(path, 'http://cellar.test').searchParams;

describe('Function: forbiddenPath', () => {
  it.each([
    [paths.orders.create, '/403?level=2&module=order', { access: 2, scopes: ['order'] }],
    [paths.companies.create, '/403?level=100', { access: 100, scopes: [] }],
  ])('sends a refused $path to /403 naming what it asks', (page, path, asked) => {
    // Act
    const sent = forbiddenPath(page);
    // Assess
    expect(sent).toBe(path);
    expect(askedAccessOf(searchOf(sent))).toEqual(asked);
  });

  it.each(['/403', '/403?level=0', '/403?level=2&module=cellar', '/403?level=abc'])(
    'reads nothing asked from %s',
    (path) => {
      expect(askedAccessOf(searchOf(path))).toBeNull();
    },
  );
});
