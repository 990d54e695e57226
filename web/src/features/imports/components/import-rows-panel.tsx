import type { ImportColumn } from '@cellar/shared/imports/templates';
import { Alert, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { StockPhase } from '../hooks/use-import-rows';
import type { BookCounts } from '../utils/import-book';
import type { GridRow } from '../utils/import-rows';
import { ImportGrid, STATE_COLORS } from './import-grid';

function Legend() {
  const { t } = useTranslation();
  return (
    <Group gap="sm" ml="md" aria-label={t('imports.legend')}>
      {(['valid', 'required', 'invalid', 'unverified'] as const).map((state) => (
        <Group key={state} gap={4}>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              border: '1px solid #ccc',
              background: STATE_COLORS[state],
            }}
          />
          <Text size="xs">{t(`imports.legend_${state}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

interface ImportRowsPanelProps {
  columns: readonly ImportColumn[];
  /** The rows on screen: the file's first ones and its invalid ones. */
  rows: GridRow[];
  /** The whole file's counts. */
  counts: BookCounts;
  /** E-mails used twice in a user file: the lasting warning's list (the file cannot be sent). */
  duplicateEmails: readonly string[];
  checking: boolean;
  /** Order files: where the stock behind each line's cover stands ('none' for the other templates). */
  stock?: StockPhase;
  onEdit: (id: number, key: string, value: string) => void;
  onBack: () => void;
  onValidate: () => void;
}

/**
 * The file's rows: counts, legend and actions above the editable grid, in view whatever its height. The grid holds
 * the rows on screen; the file's other rows are counted below it.
 */
export function ImportRowsPanel(props: ImportRowsPanelProps) {
  const { t, i18n } = useTranslation();
  const { height } = useViewportSize();
  const { rows, counts } = props;
  const n = (v: number) => formatNumber(v, i18n.language);
  const invalidCount = counts.invalid;
  const [invalidOnly, setInvalidOnly] = useState(false);
  const shown = invalidOnly ? rows.filter((r) => r.check && !r.check.valid) : rows;
  const { duplicateEmails } = props;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge variant="light" color="gray" data-testid="import-count">
            {t('imports.rows', { count: counts.total, n: n(counts.total) })}
          </Badge>
          <Badge variant="light" color={invalidCount ? 'red' : 'green'} data-testid="import-invalid">
            {t('imports.invalid', { count: invalidCount, n: n(invalidCount) })}
          </Badge>
          <Switch
            label={t('imports.invalid_only')}
            checked={invalidOnly}
            onChange={(e) => setInvalidOnly(e.currentTarget.checked)}
            disabled={!invalidCount && !invalidOnly}
            data-testid="import-invalid-only"
          />
          <Legend />
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={props.onBack}>
            {t('imports.back')}
          </Button>
          {duplicateEmails.length === 0 && (
            <Button onClick={props.onValidate} loading={props.checking}>
              {t('imports.validate')}
            </Button>
          )}
        </Group>
      </Group>
      {duplicateEmails.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('import.duplicate_emails')}>
          {duplicateEmails.slice(0, 50).join(', ')}
          {duplicateEmails.length > 50 && ` ${t('imports.and_more', { n: n(duplicateEmails.length - 50) })}`}
        </Alert>
      )}
      {props.stock && props.stock !== 'none' && (
        <Text size="sm" c={props.stock === 'failed' ? 'orange.8' : 'dimmed'} data-testid="import-stock-note">
          {t(props.stock === 'failed' ? 'imports.order_stock_unavailable' : 'imports.order_stock_note')}
        </Text>
      )}
      <ImportGrid
        columns={props.columns}
        rows={shown}
        onEdit={props.onEdit}
        height={Math.max(300, height / 1.4 - 120)}
      />
      {(counts.hiddenValid > 0 || counts.hiddenInvalid > 0) && (
        <Stack gap={2} data-testid="import-more">
          {counts.hiddenValid > 0 && !invalidOnly && (
            <Text size="sm">{t('imports.more_valid', { count: counts.hiddenValid, n: n(counts.hiddenValid) })}</Text>
          )}
          {counts.hiddenInvalid > 0 && (
            <Text size="sm" c="red.8">
              {t('imports.more_invalid', { count: counts.hiddenInvalid, n: n(counts.hiddenInvalid) })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('imports.taken_checked_shown')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
