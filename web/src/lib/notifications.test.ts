import { notificationsStore } from '@mantine/notifications';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { hideNotice, noticeKey, type Placeable, placeNotice, raiseNotice } from './notifications';

const notice = (id: string, words?: string, more: Partial<Placeable> = {}): Placeable => ({
  id,
  'data-notice': words,
  ...more,
});
const ids = (list: Placeable[]) => list.map((n) => n.id);

describe('Function: noticeKey', () => {
  it('tells notices apart by kind, title and words', () => {
    // Assess
    expect(noticeKey('error', 'Invalid credentials.')).toBe(noticeKey('error', 'Invalid credentials.'));
    expect(noticeKey('error', 'Invalid credentials.')).not.toBe(noticeKey('warning', 'Invalid credentials.'));
    expect(noticeKey('error', 'Refusé', 'Export')).not.toBe(noticeKey('error', 'Refusé'));
  });

  it('does not compare words given as an element', () => {
    expect(noticeKey('error', createElement('br'))).toBeUndefined();
  });
});

describe('Function: placeNotice', () => {
  it('puts the newest first', () => {
    // Prepare
    let list: Placeable[] = [];
    // Act
    for (const id of ['a', 'b', 'c']) list = placeNotice(list, notice(id, id));
    // Assess
    expect(ids(list)).toEqual(['c', 'b', 'a']);
  });

  it('shows the same words once, moved to the top as the newest', () => {
    // Prepare
    let list = [notice('b', 'other', { priority: 2 }), notice('a', 'Invalid credentials.', { priority: 1 })];
    // Act
    list = placeNotice(list, notice('c', 'Invalid credentials.'));
    // Assess
    expect(ids(list)).toEqual(['c', 'b']);
  });

  it('shows the lockout after five refusals: one refusal under it, not a queue in front of it', () => {
    // Prepare
    let list: Placeable[] = [];
    for (let i = 0; i < 5; i++) list = placeNotice(list, notice(`refused${i}`, 'error||Invalid credentials.'));
    // Act
    list = placeNotice(list, notice('locked', 'error||Trop de tentatives'));
    // Assess
    expect(ids(list)).toEqual(['locked', 'refused4']);
  });

  it('drops the oldest beyond the limit, but never a notice of something still running', () => {
    // Prepare
    let list: Placeable[] = [notice('export', undefined, { loading: true })];
    // Act
    for (const id of ['a', 'b', 'c', 'd']) list = placeNotice(list, notice(id, id), 3);
    // Assess
    expect(ids(list)).toEqual(['d', 'c', 'b', 'export']);
  });

  it('keeps notices without words of their own apart', () => {
    // Act
    const list = placeNotice([notice('a')], notice('b'));
    // Assess
    expect(ids(list)).toEqual(['b', 'a']);
  });
});

describe('Function: raiseNotice', () => {
  const shown = (id: string) => notificationsStore.getState().notifications.find((n) => n.id === id);

  it.each([
    ['success', 'green', 4_000],
    ['information', 'dark', 4_000],
    ['warning', 'orange', 4_000],
    ['update', 'green', 5_000],
    ['error', 'red', 10_000],
  ] as const)('shows a %s notice in %s for %i ms', (kind, color, autoClose) => {
    // Act
    const id = raiseNotice(kind, `${kind} words`);
    // Assess
    expect(shown(id)).toMatchObject({ color, autoClose, 'data-kind': kind });
    hideNotice(id);
  });
});
