import { describe, expect, it } from 'vitest';
import { originLabel, originOf, returnPath } from './origin';

describe('Function: originOf', () => {
  it('accepts a path of the application and a contact type', () => {
    expect(originOf(new URLSearchParams('origin=/order/create&type=recipient'))).toEqual({
      path: '/order/create',
      type: 'recipient',
    });
  });

  it.each([
    ['origin=https://evil.example/&type=recipient'],
    ['origin=//evil.example/&type=recipient'],
    ['origin=/\\evil.example/&type=recipient'],
    ['origin=/order/create&type=product'],
    ['origin=/order/create'],
    ['type=supplier'],
  ])('refuses %s', (qs) => {
    expect(originOf(new URLSearchParams(qs))).toBeNull();
  });
});

describe('Function: returnPath', () => {
  it('adds the new contact to the origin, keeping its own query', () => {
    expect(returnPath({ path: '/order/create?step=2', type: 'carrier' }, 'C1')).toBe(
      '/order/create?step=2&carrier_id=C1',
    );
    expect(returnPath({ path: '/reception/create', type: 'supplier' }, 'S9')).toBe('/reception/create?supplier_id=S9');
  });
});

describe('Function: originLabel', () => {
  it('names the flows it knows, and says back otherwise', () => {
    expect(originLabel({ path: '/shipping-order/create', type: 'recipient' })).toBe('breadcrumbs.shipping_order');
    expect(originLabel({ path: '/elsewhere', type: 'recipient' })).toBe('breadcrumbs.back');
  });
});
