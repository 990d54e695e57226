import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityInput } from './quantity-input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement | undefined;
let root: Root | undefined;
async function show(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => r.render(<MantineProvider>{node}</MantineProvider>));
  return container;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
});

async function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    input.focus();
    setter?.call(input, text);
    input.setSelectionRange(text.length, text.length);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const blur = (input: HTMLInputElement) =>
  act(async () => {
    input.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });

function Parcels({ seen }: { seen: (string | number)[] }) {
  const [value, setValue] = useState<string | number>('');
  return (
    <QuantityInput
      label="Colis"
      min={1}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('Component: QuantityInput', () => {
  it('keeps 0 parcels as typed when the field is left, instead of making it 1', async () => {
    // Prepare
    const seen: (string | number)[] = [];
    const el = await show(<Parcels seen={seen} />);
    const input = el.querySelector('input') as HTMLInputElement;
    // Act
    await type(input, '0');
    await blur(input);
    // Assess
    expect(input.value).toBe('0');
    expect(seen.at(-1)).toBe(0);
  });
});
