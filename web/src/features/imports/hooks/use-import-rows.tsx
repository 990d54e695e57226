import type { ImportColumn, ImportContext } from '@cellar/shared/imports/templates';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { notify } from '../../../lib/notifications';
import { sellableLots, takenKeys } from '../api/imports';
import { type CheckerClient, startChecker } from '../utils/checker-client';
import type { CheckReply } from '../utils/import-check';
import { acceptFile, askable, askedKey, keyOf, recheckEdited } from '../utils/import-rows';
import {
  emptyCounts,
  type PreviewState,
  previewOf,
  rowOf,
  shownRows,
  withAnswer,
  withEdit,
} from '../utils/preview-state';

/** Where the chosen file is: none, being read, being checked (with how far), or on screen. */
export type ReadPhase = 'idle' | 'reading' | 'checking' | 'ready';
/** Order files: the stock of their products, being read, read (each line's cover shown), or not readable. */
export type StockPhase = 'none' | 'reading' | 'read' | 'failed';

/**
 * The file's rows on screen (issue 14): the whole file is read and checked in a worker (the import checker), which
 * keeps every row; the page shows what it sends: the first rows and the invalid ones, with the file's counts. An
 * edit is checked at once on the page (that row only) and by the checker (with the rows whose duplicates it
 * changes); a new e-mail or code is asked of the API. Leaving the screen with edited rows asks first, until the file
 * is sent (`sent`).
 */
export function useImportRows(ctx: ImportContext, columns: readonly ImportColumn[], sent: boolean) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<ReadPhase>('idle');
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [preview, setPreview] = useState<PreviewState | null>(null);
  /** Keys the API is being asked about: their cells show 'to check'. */
  const [asking, setAsking] = useState<ReadonlySet<string>>(new Set());
  const [checking, setChecking] = useState(false);
  /** Cells were edited: leaving the screen would lose that work, so it asks first. */
  const [dirty, setDirty] = useState(false);
  const client = useRef<CheckerClient | null>(null);
  /** The preview as last set (callbacks start from it), and the keys the API was asked about. */
  const current = useRef<PreviewState | null>(null);
  const asked = useRef(new Set<string>());
  /** Order files: the product codes whose stock was asked (lower case), and where that stands. */
  const stockAsked = useRef(new Set<string>());
  const [stock, setStock] = useState<StockPhase>('none');

  const update = useCallback((next: PreviewState | null) => {
    current.current = next;
    setPreview(next);
  }, []);

  const stop = useCallback(() => {
    client.current?.end();
    client.current = null;
  }, []);
  // The worker and the rows it holds go with the screen.
  useEffect(() => stop, [stop]);

  const take = useCallback(
    (c: CheckerClient, reply: CheckReply) => {
      if (client.current !== c || !current.current || reply.type !== 'changed') return;
      update(withAnswer(current.current, reply.seq, reply.rows, reply.counts));
    },
    [update],
  );

  /** Asks the API about some keys and tells the checker what it said (an empty list only waits for the checker). */
  const learn = useCallback(
    async (c: CheckerClient, keys: readonly string[]) => {
      const list = [...new Set(keys)];
      setAsking((a) => new Set([...a, ...list]));
      try {
        const taken = list.length ? await takenKeys(ctx, list) : new Set<string>();
        for (const k of list) asked.current.add(k);
        take(c, await c.request({ type: 'taken', keys: list, taken: [...taken] }));
      } finally {
        setAsking((a) => new Set([...a].filter((k) => !list.includes(k))));
      }
    },
    [ctx, take],
  );

  /** Order files: the sellable stock of products not yet read, told to the checker (which plans each line's cover). */
  const readStock = useCallback(
    async (c: CheckerClient, codes: readonly string[]) => {
      const fresh = codes.filter((code) => !stockAsked.current.has(code.toLowerCase()));
      if (ctx.template !== 'order' || !fresh.length) return;
      for (const code of fresh) stockAsked.current.add(code.toLowerCase());
      setStock((s) => (s === 'failed' ? s : 'reading'));
      try {
        const lots = await sellableLots(ctx, fresh);
        take(c, await c.request({ type: 'stock', codes: fresh, lots }));
        setStock((s) => (s === 'failed' ? s : 'read'));
      } catch {
        // The worker checks each order's allocation anyway: the screen says the cover is not shown.
        if (client.current === c) setStock('failed');
      }
    },
    [ctx, take],
  );

  const discard = useCallback(() => {
    stop();
    update(null);
    setFile(null);
    setPhase('idle');
    setDirty(false);
    setStock('none');
    stockAsked.current = new Set();
  }, [stop, update]);

  const read = async (chosen: File | null) => {
    discard();
    if (!chosen) return;
    try {
      acceptFile(chosen);
    } catch (error) {
      const e = error as { key?: string; values?: Record<string, unknown> };
      return notify('error', t(e.key ?? 'import.read_failure', e.values));
    }
    setFile(chosen);
    setPhase('reading');
    setProgress({ done: 0, total: 0 });
    asked.current = new Set();
    const c = startChecker((p) => {
      if (client.current !== c) return;
      setPhase(p.phase);
      setProgress({ done: p.done, total: p.total });
    });
    client.current = c;
    try {
      const reply = await c.request({ type: 'load', file: chosen, ctx });
      if (client.current !== c) return;
      if (reply.type === 'failed') {
        discard();
        return notify('error', t(reply.key, reply.values));
      }
      if (reply.type !== 'loaded') return;
      update(previewOf(reply.rows, reply.counts));
      setPhase('ready');
      setChecking(true);
      try {
        await Promise.all([learn(c, reply.asked), readStock(c, reply.codes)]);
      } finally {
        setChecking(false);
      }
    } catch {
      // Ended by the screen (another file, back, leaving): nothing to say. Otherwise the worker itself failed.
      if (client.current !== c) return;
      discard();
      notify('error', t('import.read_failure'));
    }
  };

  const key = askedKey(ctx);

  /** One cell edited: that row checked at once here, then by the checker; a new key asked of the API. */
  const edit = useCallback(
    (id: number, column: string, value: string) => {
      const c = client.current;
      const state = current.current;
      const row = state && rowOf(state, id);
      if (!c || !state || !row) return;
      setDirty(true);
      update(withEdit(state, c.nextSeq, recheckEdited(ctx, columns, row, column, value)));
      void c
        .request({ type: 'edit', id, column, value })
        .then((reply) => {
          const asks = keyOf(ctx, value);
          const changed = reply.type === 'changed' ? reply.rows.find((r) => r.id === id) : undefined;
          const ask = column === key && asks !== '' && !asked.current.has(asks) && askable(ctx, changed?.check);
          // The key's cell stays 'to check' from the checker's answer until the API's.
          if (ask) setAsking((a) => new Set([...a, asks]));
          take(c, reply);
          if (ask) void learn(c, [asks]);
          if (column === 'product' && value.trim()) void readStock(c, [value.trim()]);
        })
        .catch(() => undefined);
    },
    [ctx, columns, key, learn, readStock, take, update],
  );

  /**
   * Before sending: the API asked again about the keys of the rows on screen (the checker's answer then includes
   * every edit); returns the file's invalid rows, or null without a file.
   */
  const check = useCallback(async (): Promise<number | null> => {
    const c = client.current;
    if (!c || !current.current) return null;
    setChecking(true);
    try {
      const keys = [...current.current.rows.values()]
        .filter((r) => askable(ctx, r.check))
        .map((r) => keyOf(ctx, r.cells[key] ?? ''))
        .filter(Boolean);
      await learn(c, keys);
      return current.current?.counts.invalid ?? null;
    } finally {
      setChecking(false);
    }
  }, [ctx, key, learn]);

  /** The whole file with the edits, and its rows, as the checker writes it. */
  const fileToSend = useCallback(async () => {
    const reply = await client.current?.request({ type: 'file' });
    return reply?.type === 'file' ? reply : undefined;
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

  // Leaving with edited rows asks first (the sent file is the server's from then on).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !sent && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation: the blocker's state alone decides (its functions change identity).
  // biome-ignore lint/correctness/useExhaustiveDependencies: asking again on each render would stack dialogs
  useEffect(() => {
    if (blocker.state === 'blocked') confirmDiscard(blocker.proceed, blocker.reset);
  }, [blocker.state]);

  const rows = useMemo(
    () => preview && shownRows(preview, (row) => (asking.has(keyOf(ctx, row.cells[key] ?? '')) ? key : undefined)),
    [preview, asking, ctx, key],
  );

  return {
    file,
    phase,
    progress,
    rows,
    counts: preview?.counts ?? emptyCounts,
    /** In-file duplicates of a user file are e-mails: their lasting warning names them. */
    duplicateEmails: ctx.template === 'user' ? (preview?.counts.duplicates ?? []) : [],
    checking,
    stock,
    check,
    read,
    edit,
    fileToSend,
    back: () => (dirty ? confirmDiscard(discard) : discard()),
  };
}
