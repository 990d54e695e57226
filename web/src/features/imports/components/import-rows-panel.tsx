import type { ImportColumn } from '@cellar/shared/imports/templates';
import { Alert, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  rows: GridRow[];
  invalidCount: number;
  duplicateEmails: readonly string[];
  checking: boolean;
  onEdit: (id: number, key: string, value: string) => void;
  onBack: () => void;
  onValidate: () => void;
}

/** The file's rows: counts, legend and actions above the editable grid, in view whatever its height. */
export function ImportRowsPanel(props: ImportRowsPanelProps) {
  const { t } = useTranslation();
  const { height } = useViewportSize();
  const { rows, invalidCount, duplicateEmails } = props;
  const [invalidOnly, setInvalidOnly] = useState(false);
  const shown = invalidOnly ? rows.filter((r) => r.check && !r.check.valid) : rows;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge variant="light" color="gray" data-testid="import-count">
            {t('imports.rows', { count: rows.length })}
          </Badge>
          <Badge variant="light" color={invalidCount ? 'red' : 'green'} data-testid="import-invalid">
            {t('imports.invalid', { count: invalidCount })}
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
          {duplicateEmails.join(', ')}
        </Alert>
      )}
      <ImportGrid
        columns={props.columns}
        rows={shown}
        onEdit={props.onEdit}
        height={Math.max(300, height / 1.4 - 120)}
      />
    </Stack>
  );
}
