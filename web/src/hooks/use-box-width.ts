/**
 * The width of the box its `ref` is set on (border box), measured by a ResizeObserver, 0 until measured. A new width
 * is drawn in a transition, in slices: a list's grid is drawn again at its measured width as the page loads, a long
 * task on a phone when React draws it at once (Mantine's useElementSize sets its state outside a transition).
 */
import { startTransition, useCallback, useRef, useState } from 'react';

export function useBoxWidth() {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    observer.current = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const measured = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
      startTransition(() => setWidth(measured));
    });
    observer.current.observe(node);
  }, []);
  return { ref, width };
}
