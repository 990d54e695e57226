import type { ImportContext } from '@cellar/shared/imports/templates';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { notify } from '../../../lib/notifications';
import { takenKeys } from '../api/imports';
import {
  askedKey,
  checkGrid,
  editCell,
  type GridCheck,
  type GridRow,
  keyOf,
  keysToAsk,
  markTaken,
  readFileRows,
} from '../utils/import-rows';

/**
 * The file's rows on screen: read and checked (e-mails and codes asked of the API), edited cell by cell and checked
 * again at once, and discarded on request. Leaving the screen with edited rows asks first, until the file is sent
 * (`sent`).
 */
export function useImportRows(ctx: ImportContext, sent: boolean) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<GridRow[] | null>(null);
  const [duplicateEmails, setDuplicateEmails] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  /** Cells were edited: leaving the screen would lose that work, so it asks first. */
  const [dirty, setDirty] = useState(false);
  /** The rows as last shown (an edit starts from them), and what the API said of the keys asked so far. */
  const shown = useRef<GridRow[] | null>(null);
  const known = useRef({ asked: new Set<string>(), taken: new Set<string>() });

  const show = useCallback((out: GridCheck) => {
    shown.current = out.rows;
    setRows(out.rows);
    setDuplicateEmails(out.duplicateEmails);
  }, []);

  /** The shared rules again, with what the API said: instant, no question asked. */
  const recheck = useCallback(
    (current: GridRow[]) => markTaken(ctx, checkGrid(ctx, current), known.current.taken),
    [ctx],
  );

  /** Records the API's answers about some keys. */
  const learn = useCallback(
    async (keys: readonly string[]) => {
      const taken = await takenKeys(ctx, keys);
      for (const k of keys) {
        known.current.asked.add(k);
        if (taken.has(k)) known.current.taken.add(k);
        else known.current.taken.delete(k);
      }
    },
    [ctx],
  );

  /** Checks every row, asking the API about every key again; returns the number of invalid rows. */
  const check = useCallback(
    async (current: GridRow[]) => {
      setChecking(true);
      try {
        await learn(keysToAsk(ctx, checkGrid(ctx, current).rows));
        const out = recheck(current);
        show(out);
        return out.invalid;
      } finally {
        setChecking(false);
      }
    },
    [ctx, learn, recheck, show],
  );

  const read = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return;
    try {
      const loaded = await readFileRows(chosen, ctx);
      known.current = { asked: new Set(), taken: new Set() };
      show({ rows: loaded, invalid: 0, duplicateEmails: [] });
      await check(loaded);
    } catch (error) {
      setFile(null);
      const e = error as { key?: string; values?: Record<string, unknown> };
      notify('error', t(e.key ?? 'import.read_failure', e.values));
    }
  };

  /**
   * One cell edited: every row is checked again at once (a duplicate may have gone), and a new key (e-mail, code)
   * stays unverified until the API has said whether it is used.
   */
  const edit = useCallback(
    (id: number, key: string, value: string) => {
      setDirty(true);
      const current = shown.current;
      if (!current) return;
      const out = recheck(current.map((r) => (r.id === id ? editCell(r, key, value) : r)));
      const asked = keyOf(ctx, value);
      const pending = key === askedKey(ctx) && asked !== '' && !known.current.asked.has(asked);
      show(pending ? { ...out, rows: out.rows.map((r) => (r.id === id ? { ...r, edited: [key] } : r)) } : out);
      if (pending) void learn([asked]).then(() => shown.current && show(recheck(shown.current)));
    },
    [ctx, learn, recheck, show],
  );

  const confirmDiscard = (onConfirm: () => void, onCancel?: () => void) =>
    modals.openConfirmModal({
      title: t('imports.discard_title'),
      children: <Text size="sm">{t('imports.discard_text')}</Text>,
      labels: { confirm: t('imports.discard'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
      onCancel,
    });

  const discard = () => {
    shown.current = null;
    setRows(null);
    setFile(null);
    setDuplicateEmails([]);
    setDirty(false);
  };

  // Leaving with edited rows asks first (the sent file is the server's from then on).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !sent && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation: the blocker's state alone decides (its functions change identity).
  // biome-ignore lint/correctness/useExhaustiveDependencies: asking again on each render would stack dialogs
  useEffect(() => {
    if (blocker.state === 'blocked') confirmDiscard(blocker.proceed, blocker.reset);
  }, [blocker.state]);

  return {
    file,
    rows,
    duplicateEmails,
    checking,
    check,
    read,
    edit,
    back: () => (dirty ? confirmDiscard(discard) : discard()),
    invalidCount: rows?.filter((r) => r.check && !r.check.valid).length ?? 0,
  };
}
