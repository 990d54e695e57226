import { routes } from '@cellar/shared/routes/table';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceKey, routeKey, routeName } from './route-key';

describe('Function: routeName', () => {
  it('is the route’s key in the table', () => {
    expect(routeName(routes.contactList)).toBe('contactList');
    expect(routeName(routes.userGet)).toBe('userGet');
  });

  it('refuses a route that is not in the table', () => {
    expect(() => routeName({ ...routes.contactList })).toThrow('GET /api/contacts is not a route of the table');
  });
});

describe('Function: routeKey', () => {
  it.each([
    ['a route alone', routeKey(routes.warehouseList), ['warehouses', 'warehouseList']],
    ['with path parameters', routeKey(routes.contactGet, { id: 'c1' }), ['contacts', 'contactGet', { id: 'c1' }]],
    [
      'with a query and no parameters',
      routeKey(routes.contactList, undefined, { paginate: 500 }),
      ['contacts', 'contactList', {}, { paginate: 500 }],
    ],
    [
      'with both',
      routeKey(routes.userGet, { id: 'u1' }, { include: ['company'] }),
      ['users', 'userGet', { id: 'u1' }, { include: ['company'] }],
    ],
  ])('names %s by resource, route, parameters and query', (_, key, expected) => {
    expect(key).toEqual(expected);
  });

  it('makes the route alone the prefix of its calls, and the resource the prefix of all it serves', async () => {
    // Prepare
    const client = new QueryClient();
    const detail = routeKey(routes.userGet, { id: 'u1' }, { include: ['company'] });
    const list = routeKey(routes.userList, undefined, { paginate: 20 });
    const warehouses = routeKey(routes.warehouseList);
    for (const key of [detail, list, warehouses]) client.setQueryData(key, 'cached');

    // Act
    await client.invalidateQueries({ queryKey: routeKey(routes.userGet, { id: 'u1' }) });
    const afterDetail = [detail, list].map((k) => client.getQueryState(k)?.isInvalidated);
    await client.invalidateQueries({ queryKey: resourceKey(routes.userList) });

    // Assess
    expect(afterDetail).toEqual([true, false]);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(warehouses)?.isInvalidated).toBe(false);
  });
});

describe('The signed-in user’s key', () => {
  it('is the one routeKey gives its route, so that invalidating the auth resource reaches it', async () => {
    const { USER_QUERY_KEY } = await import('./auth');
    const [, , , query] = USER_QUERY_KEY;
    expect(USER_QUERY_KEY).toEqual(routeKey(routes.authUser, undefined, query));
  });
});
