/**
 * The four snackbar kinds of the specs, with their colours and durations (default 4 s, errors 10 s), and notices
 * that stay while something runs (an export), then turn into their outcome.
 */
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

const KINDS = {
  error: { color: 'red', autoClose: 10_000 },
  information: { color: 'dark', autoClose: 4_000 },
  success: { color: 'green', autoClose: 4_000 },
  warning: { color: 'orange', autoClose: 4_000 },
} as const;
export type NotificationKind = keyof typeof KINDS;

export function notify(kind: NotificationKind, message: ReactNode, title?: ReactNode) {
  notifications.show({ ...KINDS[kind], message, title, 'data-kind': kind });
}

/** A notice with a spinner that stays until `settleNotice`; returns its id. */
export function notifyRunning(message: ReactNode, title?: ReactNode, id: string = randomId()): string {
  notifications.show({
    id,
    message,
    title,
    loading: true,
    autoClose: false,
    withCloseButton: false,
    color: KINDS.information.color,
    'data-kind': 'information',
  });
  return id;
}

/** A running notice changes kind (an export taking too long becomes a warning) and keeps running. */
export function recolorNotice(id: string, kind: NotificationKind, message: ReactNode, title?: ReactNode) {
  notifications.update({ id, message, title, color: KINDS[kind].color, 'data-kind': kind });
}

/** A running notice becomes its outcome, and closes as a notice of that kind does. */
export function settleNotice(id: string, kind: NotificationKind, message: ReactNode, title?: ReactNode) {
  notifications.update({
    id,
    ...KINDS[kind],
    message,
    title,
    loading: false,
    withCloseButton: true,
    'data-kind': kind,
  });
}

export const hideNotice = (id: string) => notifications.hide(id);
