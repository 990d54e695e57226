import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type PointerEvent, type ReactElement, useState } from 'react';

type Hovered = {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
};

/**
 * A tooltip that costs nothing until it is first wanted. Mantine's Tooltip mounts a portal whose first render sets
 * state in a layout effect: one synchronous re-render for every tooltip on a page's first paint (a grid's row
 * icons, the folded menu's links), the longest tasks of a list's first visit on a phone. This one renders its
 * child alone until a mouse or a pen first reaches it, then Mantine's tooltip beside it (on the same element, the
 * child never remounted), shown while the pointer stays, as Mantine's shows on hover only (not on touch).
 */
export function Hint({
  children,
  disabled,
  ...props
}: Omit<TooltipProps, 'children' | 'target' | 'opened'> & { children: ReactElement<Hovered> }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const child = cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      children.props.onPointerEnter?.(e);
      if (e.pointerType === 'touch') return;
      setTarget(e.currentTarget);
      setOpened(true);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      children.props.onPointerLeave?.(e);
      setOpened(false);
    },
  });
  return (
    <>
      {child}
      {target && <Tooltip {...props} target={target} opened={opened && !disabled} />}
    </>
  );
}
