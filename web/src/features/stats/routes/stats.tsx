/**
 * /stats: page views pivoted by company, type and page (rows) and by date (columns); the layout chosen is kept on
 * this device; the export is the server's CSV of the raw logs of the same dates.
 */
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useLocalStorage } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_HEIGHT } from '../../../components/data-grid/grid-states';
import { paths } from '../../../config/paths';
import { exportLogs } from '../api/export-logs';
import { type DateRange, useStats } from '../api/get-stats';
import { FieldChooser } from '../components/field-chooser';
import { PivotGrid } from '../components/pivot-grid';
import { defaultRange } from '../utils/default-range';
import { buildPivot, DEFAULT_LAYOUT, type PivotLayout, parseLayout } from '../utils/pivot';

export function StatsRoute() {
  const { t } = useTranslation();
  const [layout, setLayout] = useLocalStorage<PivotLayout>({
    key: 'cellar.statsLayout',
    defaultValue: DEFAULT_LAYOUT,
    deserialize: (raw) => {
      try {
        return parseLayout(raw === undefined ? null : JSON.parse(raw));
      } catch {
        return DEFAULT_LAYOUT;
      }
    },
  });
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [exporting, setExporting] = useState(false);
  const stats = useStats(range);
  const pivot = useMemo(() => buildPivot(stats.data ?? [], layout), [stats.data, layout]);

  const chooseRange = ([start, end]: [string | null, string | null]) => {
    if (start && end) setRange({ start, end });
  };

  const download = () => {
    setExporting(true);
    exportLogs(range)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <Stack>
      <Title order={2}>{t(paths.stats.title)}</Title>
      <Paper withBorder p="sm">
        <Group justify="space-between" align="flex-end">
          <Group align="flex-end" gap="lg">
            <DatePickerInput
              type="range"
              label={t('stats.period')}
              valueFormat="DD/MM/YYYY"
              allowSingleDateInRange
              defaultValue={[range.start, range.end]}
              onChange={chooseRange}
              w={240}
            />
            <FieldChooser layout={layout} onChange={setLayout} />
          </Group>
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={download}>
            {t('grid.export')}
          </Button>
        </Group>
      </Paper>
      {stats.isPending ? (
        <Center h={200}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : pivot.rows.length === 0 ? (
        <Text c="dimmed">{t('stats.empty')}</Text>
      ) : (
        <PivotGrid pivot={pivot} rowFields={layout.rowFields} grouping={layout.dateGrouping} height={GRID_HEIGHT} />
      )}
    </Stack>
  );
}
