import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { show } from '../../testing/dom';
import { Hint } from './hint';

/** The pointer reaching or leaving an element, as the browser reports it (React reads pointerover and pointerout). */
const point = (element: Element, type: 'pointerover' | 'pointerout', pointerType = 'mouse') =>
  act(async () => {
    element.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType, relatedTarget: null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

const tooltip = () => document.querySelector('[role="tooltip"]');

describe('Hint', () => {
  it('renders its child alone until a mouse reaches it, then the tooltip while the mouse stays', async () => {
    const entered = vi.fn();
    const c = await show(
      <Hint label="Supprimer">
        <button type="button" onPointerEnter={entered}>
          x
        </button>
      </Hint>,
    );
    const button = c.querySelector('button') as HTMLButtonElement;
    // No tooltip, and no portal for it, on the first paint.
    expect(tooltip()).toBeNull();
    expect(document.querySelector('[data-portal]')).toBeNull();

    await point(button, 'pointerover');
    expect(tooltip()?.textContent).toBe('Supprimer');
    expect(entered).toHaveBeenCalledTimes(1);
    // The child is the same element: never remounted.
    expect(c.querySelector('button')).toBe(button);

    await point(button, 'pointerout');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(tooltip()).toBeNull();
  });

  it('shows nothing on touch, and nothing when disabled', async () => {
    const c = await show(
      <>
        <Hint label="Touché">
          <button type="button">a</button>
        </Hint>
        <Hint label="Éteint" disabled>
          <button type="button">b</button>
        </Hint>
      </>,
    );
    const [a, b] = [...c.querySelectorAll('button')] as HTMLButtonElement[];
    await point(a as HTMLButtonElement, 'pointerover', 'touch');
    expect(tooltip()).toBeNull();
    await point(b as HTMLButtonElement, 'pointerover');
    expect(tooltip()).toBeNull();
  });
});
