import type { Product } from '@cellar/shared/products/schemas';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { show as mount } from '../../testing/dom';
import type { ProductSearch } from './get-products';
import { ProductPicker } from './product-picker';

const product = { id: 'p1', code: 'CHB001', label: 'Chablis 75 cl' } as Product;
const found = {
  search: '',
  setSearch: () => undefined,
  page: 1,
  setPage: () => undefined,
  products: { data: { data: [product], meta: { last_page: 1 } }, isPending: false },
} as unknown as ProductSearch;

async function show(max: number, onQuantity: (p: Product, v: string | number) => void) {
  return mount(
    <ProductPicker
      found={found}
      quantityOf={() => 0}
      maxOf={() => max}
      onQuantity={onQuantity}
      onDetail={() => undefined}
    />,
  );
}

afterEach(async () => {});

const quantityInput = (el: HTMLElement) => el.querySelector('input[aria-label="Quantité CHB001"]') as HTMLInputElement;

/** Types one character after another, as a keyboard does. */
async function typeKeys(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const ch of text) {
    await act(async () => {
      const next = input.value + ch;
      setter?.call(input, next);
      input.setSelectionRange(next.length, next.length);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}

const enter = (input: HTMLInputElement) =>
  act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });

describe('Component: ProductPicker', () => {
  it.each([
    ['70', 60],
    ['99999', 60],
  ])('keeps %s typed against %i available, says why and adds nothing', async (typed, max) => {
    // Prepare
    const onQuantity = vi.fn();
    const el = await show(max, onQuantity);
    // Act
    await typeKeys(quantityInput(el), typed);
    await enter(quantityInput(el));
    // Assess
    expect(quantityInput(el).value).toBe(typed);
    expect(quantityInput(el).getAttribute('aria-invalid')).toBe('true');
    expect(el.textContent).toContain(`La valeur doit être comprise entre 0 et ${max}.`);
    expect(onQuantity).not.toHaveBeenCalled();
  });

  it('adds a quantity within what is available, as typed', async () => {
    // Prepare
    const onQuantity = vi.fn();
    const el = await show(60, onQuantity);
    // Act
    await typeKeys(quantityInput(el), '60');
    await enter(quantityInput(el));
    // Assess
    expect(onQuantity).toHaveBeenCalledWith(product, 60);
  });
});
