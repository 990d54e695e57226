import { act, startTransition } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { show } from '../testing/dom';
import { useBoxWidth } from './use-box-width';

/** A ResizeObserver the test drives: `resize(width)` reports a border box of that width. */
function stubResizeObserver() {
  let report: ((entries: unknown[]) => void) | undefined;
  const observe = vi.fn();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: (entries: unknown[]) => void) {
        report = callback;
      }
      observe = observe;
      disconnect = vi.fn();
    },
  );
  return {
    observe,
    resize: (width: number) =>
      act(async () => report?.([{ borderBoxSize: [{ inlineSize: width, blockSize: 10 }], contentRect: { width } }])),
  };
}

function Box({ onWidth }: { onWidth: (width: number) => void }) {
  const box = useBoxWidth();
  onWidth(box.width);
  return <div ref={box.ref} />;
}

// React's own startTransition, counted: the width's update goes through it.
vi.mock('react', async (original) => {
  const react = await original<typeof import('react')>();
  return { ...react, startTransition: vi.fn(react.startTransition) };
});

describe('useBoxWidth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers 0 until measured, then each width the box is given, drawn in a transition', async () => {
    const observer = stubResizeObserver();
    const widths: number[] = [];
    await show(<Box onWidth={(w) => widths.push(w)} />);
    expect(observer.observe).toHaveBeenCalledOnce();
    expect(widths.at(-1)).toBe(0);
    vi.mocked(startTransition).mockClear();
    await observer.resize(390);
    expect(startTransition).toHaveBeenCalledOnce();
    expect(widths.at(-1)).toBe(390);
    await observer.resize(1200);
    expect(widths.at(-1)).toBe(1200);
  });
});
