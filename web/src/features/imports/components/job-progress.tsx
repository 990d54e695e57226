import { type ImportJob, importProgress } from '@cellar/shared/imports/schemas';
import { Alert, Button, Group, Paper, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIn, formatNumber } from '../../../lib/format';

interface JobProgressProps {
  job: ImportJob | undefined;
  listPath: string;
  /** Saves the refused rows as a file to correct and import again (while the screen still holds the rows). */
  onDownloadRefused?: () => void;
}

/** A screen reader hears the rate and the end again at most this often (the text on screen follows each poll). */
const ANNOUNCE_EVERY_MS = 30_000;

/**
 * The job's speed and its estimated end in the language ('1 234 lignes/s · fin estimée dans 2 min'), from the
 * shared `importProgress` once the worker has started (`startedAt`) and written rows; nothing before.
 */
export function useJobRate(job: ImportJob | undefined, now = Date.now()): string | undefined {
  const { t, i18n } = useTranslation();
  if (job?.status !== 'running') return undefined;
  const { rowsPerSecond, secondsLeft } = importProgress(job, now);
  if (rowsPerSecond === null || secondsLeft === null) return undefined;
  return t('imports.rate', {
    rate: formatNumber(rowsPerSecond, i18n.language, rowsPerSecond < 10 ? 1 : 0),
    end: formatIn(secondsLeft, i18n.language),
  });
}

/** `text` as a polite live region hears it: its first value, then at most one change per `every` ms. */
function useCalmAnnouncement(text: string | undefined, every = ANNOUNCE_EVERY_MS): string {
  const [said, setSaid] = useState('');
  const last = useRef(0);
  useEffect(() => {
    if (!text || text === said) return;
    const wait = last.current + every - Date.now();
    const say = () => {
      last.current = Date.now();
      setSaid(text);
    };
    if (wait <= 0) return say();
    const timer = setTimeout(say, wait);
    return () => clearTimeout(timer);
  }, [text, said, every]);
  return said;
}

/** The worker's progress (with its speed and estimated end once known), then what it refused. */
export function JobProgress({ job, listPath, onDownloadRefused }: JobProgressProps) {
  const { t, i18n } = useTranslation();
  const done = job && (job.status === 'done' || job.status === 'failed');
  const percent = job?.total ? Math.round((job.processed / job.total) * 100) : 0;
  const rate = useJobRate(job);
  const announced = useCalmAnnouncement(rate);
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Paper withBorder p="md" data-testid="import-progress">
      <Stack gap="sm">
        {!done && (
          <>
            <Text>{t('imports.sending', { processed: n(job?.processed ?? 0), total: n(job?.total ?? 0) })}</Text>
            <Progress value={percent} animated aria-label={t('imports.sending_label')} />
            {rate && (
              <Text size="sm" c="dimmed" data-testid="import-rate">
                {rate}
              </Text>
            )}
            <VisuallyHidden role="status" aria-live="polite">
              {announced}
            </VisuallyHidden>
          </>
        )}
        {done && (
          <>
            <Alert color={job.failed || job.status === 'failed' ? 'orange' : 'green'} title={t('imports.result_title')}>
              {t('imports.result', { created: job.created, failed: job.failed })}
            </Alert>
            {job.failed > job.errors.length && (
              <Text size="sm" c="dimmed">
                {t('imports.errors_kept', { count: job.errors.length })}
              </Text>
            )}
            {job.errors.length > 0 && (
              <Table striped withTableBorder data-testid="import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={90}>{t('imports.row')}</Table.Th>
                    <Table.Th>{t('imports.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {job.errors.map((e) => (
                    <Table.Tr key={`${e.row}-${e.messages.join()}`}>
                      <Table.Td>{e.row || '-'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-line' }}>{e.messages.join('\n')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group>
              <Button component={Link} to={listPath}>
                {t('imports.back_to_list')}
              </Button>
              {onDownloadRefused && job.errors.some((e) => e.row > 0) && (
                <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onDownloadRefused}>
                  {t('imports.download_refused')}
                </Button>
              )}
            </Group>
            {onDownloadRefused && job.errors.some((e) => e.row > 0) && (
              <Text size="sm" c="dimmed">
                {t('imports.refused_file_note')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
