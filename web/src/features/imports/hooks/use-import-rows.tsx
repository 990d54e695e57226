import type { ImportContext } from '@cellar/shared/imports/templates';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { isEmailTaken } from '../../../lib/email-check';
import { notify } from '../../../lib/notifications';
import {
  checkGrid,
  editCell,
  emailsToAsk,
  type GridRow,
  mapLimited,
  markTaken,
  readFileRows,
} from '../utils/import-rows';

const EMAIL_CHECKS_AT_ONCE = 6;

/**
 * The file's rows on screen: read and checked (e-mails asked of the API for users), edited cell by cell, and
 * discarded on request. Leaving the screen with edited rows asks first, until the file is sent (`sent`).
 */
export function useImportRows(ctx: ImportContext, sent: boolean) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<GridRow[] | null>(null);
  const [duplicateEmails, setDuplicateEmails] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  /** Cells were edited: leaving the screen would lose that work, so it asks first. */
  const [dirty, setDirty] = useState(false);

  /** Checks every row; returns the number of invalid rows. */
  const check = useCallback(
    async (current: GridRow[]) => {
      setChecking(true);
      try {
        const first = checkGrid(ctx, current);
        const emails = emailsToAsk(ctx, first.rows);
        const answers = await mapLimited(emails, EMAIL_CHECKS_AT_ONCE, (e) => isEmailTaken(e).catch(() => false));
        const out = markTaken(first, new Set(emails.filter((_, i) => answers[i])));
        setRows(out.rows);
        setDuplicateEmails(out.duplicateEmails);
        return out.invalid;
      } finally {
        setChecking(false);
      }
    },
    [ctx],
  );

  const read = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return;
    try {
      const loaded = await readFileRows(chosen, ctx);
      setRows(loaded);
      await check(loaded);
    } catch (error) {
      setFile(null);
      const e = error as { key?: string; values?: Record<string, unknown> };
      notify('error', t(e.key ?? 'import.read_failure', e.values));
    }
  };

  const edit = useCallback((id: number, key: string, value: string) => {
    setDirty(true);
    setRows((current) => current?.map((r) => (r.id === id ? editCell(r, key, value) : r)) ?? null);
  }, []);

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
