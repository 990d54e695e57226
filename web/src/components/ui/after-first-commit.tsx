/**
 * Draws its children once the page's first commit is on screen, in a transition; `fallback` (nothing by default)
 * until then. For parts that set state while React commits them (Mantine's menus and popovers place their
 * reference in a ref callback, a transition group marks itself mounted): in the page's first commit, one such
 * update makes React render again at once and run the commit's effects in the same task, a long task on a phone.
 *
 * A click on the fallback (a menu's button drawn before its menu) is not lost: the children are drawn at once and
 * their first button is focused and clicked (a menu then opens as if it had been there).
 */
import { type MouseEvent, type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export function AfterFirstCommit({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => startTransition(() => setShown(true)), []);
  const drawNow = (event: MouseEvent) => {
    if (shown) return;
    event.preventDefault();
    event.stopPropagation();
    flushSync(() => setShown(true));
    const target = box.current?.querySelector<HTMLElement>('button, [role="button"]');
    target?.focus();
    target?.click();
  };
  // The same box before and after, laid out as if absent: the children take the fallback's place in its parent.
  return (
    <span ref={box} style={{ display: 'contents' }} onClickCapture={drawNow}>
      {shown ? children : fallback}
    </span>
  );
}
