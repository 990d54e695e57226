import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeField } from './time-field';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement | undefined;
let root: Root | undefined;

function Slot({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <TimeField
      label="Début"
      bounded
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

async function show(seen: string[]) {
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () =>
    r.render(
      <MantineProvider>
        <Slot seen={seen} />
      </MantineProvider>,
    ),
  );
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
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Component: TimeField', () => {
  it('keeps a start typed before 08:00 as typed when the field is left, for the slot rule to refuse', async () => {
    // Prepare
    const seen: string[] = [];
    const el = await show(seen);
    const hours = el.querySelector('input[aria-label="Début – heures"]') as HTMLInputElement;
    const minutes = el.querySelector('input[aria-label="Début – minutes"]') as HTMLInputElement;
    // Act
    await type(hours, '07');
    await type(minutes, '15');
    await act(async () => {
      minutes.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }));
      minutes.blur();
    });
    // Assess
    expect(seen.at(-1)).toBe('07:15');
    expect(hours.value).toBe('07');
    expect(minutes.value).toBe('15');
  });
});
