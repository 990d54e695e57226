import { describe, expect, it } from 'vitest';
import { listPathFor, originOf, returnPath } from './origin';

describe('Function: originOf', () => {
  it.each([
    ['origin=%2Freception%2Fcreate', '/reception/create'],
    ['origin=%2Freception%2Fmodify%2F12%3Fstep%3D2', '/reception/modify/12?step=2'],
    ['origin=https%3A%2F%2Fevil.example', null],
    ['origin=%2F%2Fevil.example', null],
    ['origin=%2F%5Cevil.example', null],
    ['', null],
  ])('reads %j as %j', (query, origin) => {
    expect(originOf(new URLSearchParams(query))).toBe(origin);
  });
});

describe('Function: returnPath', () => {
  it('adds the product to the origin', () => {
    expect(returnPath('/reception/create?step=2', 'P1')).toBe('/reception/create?step=2&product_id=P1');
    expect(returnPath('/reception/create?product_id=OLD', 'P1')).toBe('/reception/create?product_id=P1');
  });
});

describe('Function: listPathFor', () => {
  it('searches the list for the label', () => {
    expect(listPathFor('/product/list', 'Château & Fils 75 cl')).toBe(
      '/product/list?search_filter=Ch%C3%A2teau+%26+Fils+75+cl',
    );
  });
});
