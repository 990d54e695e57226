import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { show as mount } from '../../../testing/dom';
import type { CartLine } from '../utils/cart';
import { StockCreateForm } from './stock-create-form';

const product = { id: 'p1', code: 'CHB001', label: 'Chablis', hasBatch: true, hasUbd: false, hasBbd: false };

async function show(onAdd: (line: CartLine) => void, shown: typeof product = product) {
  return mount(<StockCreateForm product={shown} quantity={6} onAdd={onAdd} onBack={() => undefined} />);
}

afterEach(async () => {});

const batchInput = (el: HTMLElement) => el.querySelector('input:not([readonly])') as HTMLInputElement;
const addButton = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].find((b) => b.textContent === 'Ajouter au panier') as HTMLButtonElement;

const blur = (input: HTMLInputElement) =>
  act(async () => {
    input.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Component: StockCreateForm', () => {
  it('refuses a lot-managed product’s new lot without its batch, and says so on the batch field', async () => {
    // Prepare
    const onAdd = vi.fn();
    const el = await show(onAdd);
    await type(batchInput(el), '   ');
    // Act
    await act(async () => addButton(el).click());
    // Assess
    expect(onAdd).not.toHaveBeenCalled();
    expect(batchInput(el).getAttribute('aria-invalid')).toBe('true');
    expect(el.textContent).toContain('Ce champ est obligatoire.');
  });

  it('adds the lot once its batch is given', async () => {
    // Prepare
    const onAdd = vi.fn();
    const el = await show(onAdd);
    await type(batchInput(el), ' L26001 ');
    // Act
    await act(async () => addButton(el).click());
    // Assess
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ batch: 'L26001', expected: 6, stockId: null }));
  });

  it('keeps a past use-by day as typed, says why it is refused and adds nothing', async () => {
    // Prepare
    const onAdd = vi.fn();
    const el = await show(onAdd, { ...product, hasBatch: false, hasUbd: true });
    const ubd = el.querySelector('input:not([readonly])') as HTMLInputElement;
    await type(ubd, '02/01/2020');
    await blur(ubd);
    // Act
    await act(async () => addButton(el).click());
    // Assess
    expect(ubd.value).toBe('02/01/2020');
    expect(onAdd).not.toHaveBeenCalled();
    expect(el.textContent).toContain('La date ne peut pas être antérieure à aujourd’hui.');
  });
});
