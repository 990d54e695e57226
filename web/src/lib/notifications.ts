/**
 * The snackbar kinds of the specs, with their colours and durations (default 4 s, errors 10 s, updates 5 s), and
 * notices that stay while something runs (an export), then turn into their outcome.
 *
 * Newest first, and the same words once: a notice equal to one on screen replaces it at the top, so five wrong
 * passwords show one 'Invalid credentials.' and the lockout that follows is seen at once instead of waiting in
 * Mantine's queue behind them. Older notices beyond the limit are dropped (they would come back later, out of
 * date), except notices of something still running.
 */
import { randomId } from '@mantine/hooks';
import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';

const KINDS = {
  error: { color: 'red', autoClose: 10_000 },
  information: { color: 'dark', autoClose: 4_000 },
  success: { color: 'green', autoClose: 4_000 },
  warning: { color: 'orange', autoClose: 4_000 },
  /**
   * Something that existed was changed and saved (an edit, a status set, a setting switched): a success that
   * stays a second longer (spec 1 §9: 'updates 5 s'), green as successes are.
   */
  update: { color: 'green', autoClose: 5_000 },
} as const;
export type NotificationKind = keyof typeof KINDS;

/** How many notices are on screen at once. */
export const NOTICE_LIMIT = 3;

/** What placement reads of a notice: its id, its rank (higher first), its words, whether something runs. */
export interface Placeable {
  id?: string;
  priority?: number;
  'data-notice'?: string;
  loading?: boolean;
}

/**
 * What makes two notices the same: kind, title and message. Only plain texts compare; a notice worded by an
 * element (several lines) passes its own `key`.
 */
export function noticeKey(kind: NotificationKind, message: ReactNode, title?: ReactNode): string | undefined {
  const plain = (v: ReactNode) => v === undefined || v === null || typeof v === 'string' || typeof v === 'number';
  if (!plain(message) || !plain(title)) return undefined;
  return `${kind}|${title ?? ''}|${message ?? ''}`;
}

/**
 * The notices once `incoming` arrives: any with the same words leaves, `incoming` ranks above all, and the oldest
 * beyond `limit` go, unless they run. Returned newest first.
 */
export function placeNotice<T extends Placeable>(list: readonly T[], incoming: T, limit = NOTICE_LIMIT): T[] {
  const key = incoming['data-notice'];
  const others = key === undefined ? [...list] : list.filter((n) => n['data-notice'] !== key);
  const top = others.reduce((max, n) => Math.max(max, n.priority ?? 0), 0);
  const ordered = [{ ...incoming, priority: top + 1 }, ...others].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  let kept = 0;
  return ordered.filter((n) => n.loading || kept++ < limit);
}

function show(notice: NotificationData & { id: string }): string {
  notifications.updateState(notificationsStore, (list) => placeNotice(list, notice));
  return notice.id;
}

/** Shows a notice. */
export function notify(kind: NotificationKind, message: ReactNode, title?: ReactNode) {
  raiseNotice(kind, message, title);
}

/** Shows a notice and returns its id; `key` says what makes it the same as another when its words are an element. */
export function raiseNotice(kind: NotificationKind, message: ReactNode, title?: ReactNode, key?: string): string {
  return show({
    ...KINDS[kind],
    id: randomId(),
    message,
    title,
    'data-kind': kind,
    'data-notice': key ?? noticeKey(kind, message, title),
  } as NotificationData & { id: string });
}

/** A notice with a spinner that stays until `settleNotice`; returns its id. */
export function notifyRunning(message: ReactNode, title?: ReactNode, id: string = randomId()): string {
  return show({
    id,
    message,
    title,
    loading: true,
    autoClose: false,
    withCloseButton: false,
    color: KINDS.information.color,
    'data-kind': 'information',
  } as NotificationData & { id: string });
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

/** Hides the notice showing these words, if any (a form's warning once the form is valid). */
export function hideNoticeOf(kind: NotificationKind, message: string) {
  const key = noticeKey(kind, message);
  notifications.updateState(notificationsStore, (list) => list.filter((n) => (n as Placeable)['data-notice'] !== key));
}
