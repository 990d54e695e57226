/**
 * Rendering a component into the test document, and typing and leaving a field as a person does: shared by the
 * component tests that drive inputs. The component is unmounted after each test.
 */
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every root shown in the current test, with its container: all unmounted after it, not only the last. */
const shown: { root: Root; container: HTMLElement }[] = [];

/** Renders `node` inside Mantine's provider; answers its container. */
export async function show(node: ReactNode): Promise<HTMLElement> {
  const c = document.createElement('div');
  document.body.append(c);
  const r = createRoot(c);
  shown.push({ root: r, container: c });
  await act(async () => r.render(<MantineProvider>{node}</MantineProvider>));
  return c;
}

afterEach(async () => {
  for (const { root, container } of shown.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
  // Mantine's portals share one node in the body, made by the first one shown and never removed: the next test
  // starts without it, as a first test does (hint.test.tsx looks for a portal).
  for (const node of document.querySelectorAll('[data-mantine-shared-portal-node]')) node.remove();
});

/** Types `text` into an input as the browser reports it (the value set, then an input event), caret at the end. */
export async function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    input.focus();
    setter?.call(input, text);
    if (input.type === 'text') input.setSelectionRange(text.length, text.length);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Leaves a field (blur and focusout, as the browser sends them). */
export const blur = (input: HTMLInputElement) =>
  act(async () => {
    input.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
