/**
 * Running a grid's export, CSV or XLSX: a confirmation above the row limit, a notice showing the 5 progress steps while
 * the server builds the file (a warning once it runs too long), then the download or the failure.
 */

import type { ExportJob } from '@cellar/shared/exports/schemas';
import {
  EXPORT_CONTENT_TYPES,
  type ExportFormat,
  emptyQuery,
  type ListQuery,
  serializeListQuery,
} from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { Progress, Stack, Text } from '@mantine/core';
import { randomId, useInterval } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callRoute } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { i18n } from '../../lib/i18n';
import { hideNotice, notify, notifyRunning, recolorNotice, settleNotice } from '../../lib/notifications';
import {
  EXPORT_ROW_LIMIT,
  EXPORT_TICK_MS,
  EXPORT_WARNING_MS,
  type ExportRange,
  exportPercent,
  exportRangeParams,
  exportStep,
  exportTooLong,
  needsConfirmation,
} from './export-progress';

function ExportProgress({ rows, startedAt }: { rows: number; startedAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(startedAt);
  useInterval(() => setNow(Date.now()), EXPORT_TICK_MS, { autoInvoke: true });
  const elapsed = now - startedAt;

  return (
    <Stack gap={4} data-testid="export-progress">
      <Text size="sm">
        {exportTooLong(elapsed)
          ? t('export_csv.too_long', { count: rows })
          : t(`export_csv.step_${exportStep(elapsed, rows)}`)}
      </Text>
      <Progress value={exportPercent(elapsed, rows)} size="sm" animated aria-label={t('export_csv.progress')} />
    </Stack>
  );
}

export interface ExportRequest {
  endpoint: string;
  /** The list's query (filters, sort) without the page. */
  query: ListQuery;
  columns: string[];
  /** How many rows the list holds now. */
  rows: number;
  range: ExportRange;
  format: ExportFormat;
}

/** The export notices' texts that name the file's format (the CSV ones are the catalogue's own). */
const NAMED = {
  error: { csv: 'export_csv.error', xlsx: 'export_csv.error_xlsx' },
  limit_title: { csv: 'export_csv.limit_title', xlsx: 'export_csv.limit_title_xlsx' },
} as const satisfies Record<string, Record<ExportFormat, string>>;
const named = (key: keyof typeof NAMED, format: ExportFormat) => NAMED[key][format];

/** How often a background export is asked how it is going. */
const POLL_MS = 1000;

/**
 * A large export (over the row limit, confirmed) is built in the background rather than streamed through the
 * API, whose time and size limits it could hit: queue it, follow it, then download the file from its link.
 */
async function backgroundExport(endpoint: string, query: ListQuery, format: ExportFormat): Promise<void> {
  const error = i18n.t(named('error', format));
  const queued = await callRoute(routes.exportCreate, {
    body: { path: endpoint, query: serializeListQuery({ ...emptyQuery(), ...query }), format },
    messages: { error },
  });
  let job: ExportJob = queued;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((r) => setTimeout(r, POLL_MS));
    job = await callRoute(routes.exportGet, { params: { id: queued.id } });
  }
  if (job.status === 'failed' || !job.url) throw new Error(job.error ?? error);
  const link = document.createElement('a');
  link.href = job.url;
  document.body.append(link);
  link.click();
  link.remove();
}

async function runExport({ endpoint, query, columns, rows, range, format }: ExportRequest) {
  const id = randomId();
  const title = i18n.t(`export_csv.title_${format}`);
  // The same element keeps the progress' state when the notice turns to a warning.
  const progress = <ExportProgress rows={rows} startedAt={Date.now()} />;
  notifyRunning(progress, title, id);
  const warning = setTimeout(() => recolorNotice(id, 'warning', progress, title), EXPORT_WARNING_MS);
  const full = {
    ...query,
    params: { ...query.params, ...exportRangeParams(range), output: format, columns: columns.join(',') },
  };
  try {
    if (needsConfirmation(rows, range)) await backgroundExport(endpoint, full, format);
    else await downloadFile(endpoint, full, i18n.t(named('error', format)), EXPORT_CONTENT_TYPES[format]);
    settleNotice(id, 'success', i18n.t('export_csv.done'));
  } catch (error) {
    // API failures are reported by the API client under 'CSV export could not be completed !'; a background job
    // that failed says why here.
    hideNotice(id);
    if (!(error instanceof ApiError)) notify('error', (error as Error).message, i18n.t(named('error', format)));
  } finally {
    clearTimeout(warning);
  }
}

export function useGridExport() {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  const start = (request: ExportRequest) => {
    const go = () => {
      setExporting(true);
      void runExport(request).finally(() => setExporting(false));
    };
    if (!needsConfirmation(request.rows, request.range)) return go();
    modals.openConfirmModal({
      title: t(named('limit_title', request.format), { number: EXPORT_ROW_LIMIT }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('export_csv.limit_text')}</Text>
          <Text size="sm" c="dimmed">
            {t('export_csv.limit_continue', { count: request.rows })}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('export_csv.export_anyway'), cancel: t('common.cancel') },
      size: 'md',
      onConfirm: go,
    });
  };

  return { exporting, start };
}
