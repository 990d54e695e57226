/** The four snackbar kinds of the specs, with their colours and durations (default 4 s, errors 10 s). */
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
