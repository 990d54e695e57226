import type { ImportJob } from '@cellar/shared/imports/schemas';
import { Alert, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface JobProgressProps {
  job: ImportJob | undefined;
  listPath: string;
  /** Saves the refused rows as a file to correct and import again (while the screen still holds the rows). */
  onDownloadRefused?: () => void;
}

/** The worker's progress, then what it refused. */
export function JobProgress({ job, listPath, onDownloadRefused }: JobProgressProps) {
  const { t } = useTranslation();
  const done = job && (job.status === 'done' || job.status === 'failed');
  const percent = job?.total ? Math.round((job.processed / job.total) * 100) : 0;
  return (
    <Paper withBorder p="md" data-testid="import-progress">
      <Stack gap="sm">
        {!done && (
          <>
            <Text>{t('imports.sending', { processed: job?.processed ?? 0, total: job?.total ?? 0 })}</Text>
            <Progress value={percent} animated aria-label={t('imports.sending_label')} />
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
