import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DayFromTodayInput } from './day-from-today-input';

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

function Day({ seen }: { seen: (string | null)[] }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <DayFromTodayInput
      label="Date"
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('Component: DayFromTodayInput', () => {
  it('keeps a past day as typed when the field is left, for the form’s rule to refuse, instead of emptying it', async () => {
    // Prepare
    const seen: (string | null)[] = [];
    const el = await show(<Day seen={seen} />);
    const input = el.querySelector('input') as HTMLInputElement;
    // Act
    await type(input, '02/01/2020');
    await blur(input);
    // Assess
    expect(input.value).toBe('02/01/2020');
    expect(seen.at(-1)).toBe('2020-01-02');
  });
});
