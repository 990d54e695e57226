/** The export dialog of every grid: an optional date range (both dates or none), then the export. */
import type { ExportFormat } from '@cellar/shared/filter/query';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDay } from '../../lib/format';
import { type ExportRange, exportRangeError } from './export-progress';

interface ExportDialogProps {
  opened: boolean;
  /** The file the export makes: the dialog's title names it. */
  format: ExportFormat;
  onClose: () => void;
  onExport: (range: ExportRange) => void;
}

const NO_RANGE: ExportRange = { start: null, end: null };

/** The dialog's content: unmounted when closed, so each opening starts with no dates and no message. */
function ExportForm({ onClose, onExport }: Omit<ExportDialogProps, 'opened' | 'format'>) {
  const { t } = useTranslation();
  const [range, setRange] = useState<ExportRange>(NO_RANGE);
  const [error, setError] = useState<string | null>(null);

  const choose = (patch: Partial<ExportRange>) => {
    setRange((r) => ({ ...r, ...patch }));
    setError(null);
  };

  const submit = () => {
    const problem = exportRangeError(range);
    if (problem) {
      setError(problem);
      return;
    }
    onClose();
    onExport(range);
  };

  const dateField = (key: keyof ExportRange) => (
    <DateInput
      label={t(`export_csv.${key}_date`)}
      placeholder={t('export_csv.date_placeholder')}
      valueFormat="DD/MM/YYYY"
      dateParser={parseDay}
      clearable
      value={range[key]}
      onChange={(v) => choose({ [key]: v })}
      popoverProps={{ withinPortal: true }}
    />
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('export_csv.range_hint')}
      </Text>
      <Group grow align="flex-start">
        {dateField('start')}
        {dateField('end')}
      </Group>
      {error && (
        <Alert color="orange" role="alert" variant="light">
          {t(error)}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button leftSection={<IconDownload size={16} />} onClick={submit}>
          {t('grid.export')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ExportDialog({ opened, format, onClose, onExport }: ExportDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(`export_csv.title_${format}`)} size="md">
      <ExportForm onClose={onClose} onExport={onExport} />
    </Modal>
  );
}
