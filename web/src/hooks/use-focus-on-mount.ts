import { useCallback, useRef } from 'react';

/**
 * A ref that takes the keyboard focus when its element mounts after `ask()`: when a choice swaps the control that
 * had the focus for another (a search for the summary of what was chosen), the focus goes to what takes its place
 * instead of falling back to the top of the page.
 */
export function useFocusOnMount<T extends HTMLElement = HTMLElement>() {
  const asked = useRef(false);
  const ref = useCallback((node: T | null) => {
    if (node && asked.current) {
      asked.current = false;
      node.focus();
    }
  }, []);
  const ask = useCallback(() => {
    asked.current = true;
  }, []);
  return { ref, ask };
}
