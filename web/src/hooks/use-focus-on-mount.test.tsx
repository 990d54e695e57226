import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { show } from '../testing/dom';
import { useFocusOnMount } from './use-focus-on-mount';

/** A choice that swaps its button for a summary, asking for the focus or not. */
function Swap({ askFocus }: { askFocus: boolean }) {
  const [chosen, setChosen] = useState(false);
  const summary = useFocusOnMount();
  if (chosen) {
    return (
      <p tabIndex={-1} ref={summary.ref} data-testid="summary">
        Chosen
      </p>
    );
  }
  return (
    <button
      type="button"
      onClick={() => {
        if (askFocus) summary.ask();
        setChosen(true);
      }}
    >
      Choose
    </button>
  );
}

async function choose(el: HTMLElement) {
  const button = el.querySelector('button') as HTMLButtonElement;
  button.focus();
  await act(async () => button.click());
  return el.querySelector('[data-testid="summary"]');
}

describe('Hook: useFocusOnMount', () => {
  it('gives the focus to the element that replaces the control which had it, once asked', async () => {
    // Prepare
    const el = await show(<Swap askFocus />);
    // Act
    const summary = await choose(el);
    // Assess
    expect(summary).not.toBeNull();
    expect(document.activeElement).toBe(summary);
  });

  it('leaves the focus alone when nothing asked for it (an element shown on its own)', async () => {
    // Prepare
    const el = await show(<Swap askFocus={false} />);
    // Act
    const summary = await choose(el);
    // Assess
    expect(summary).not.toBeNull();
    expect(document.activeElement).not.toBe(summary);
  });
});
