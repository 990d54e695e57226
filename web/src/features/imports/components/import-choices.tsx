import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { ContactType } from '@cellar/shared/contacts/schemas';
import type { ImportTemplateName } from '@cellar/shared/imports/templates';
import { Button, FileInput, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { downloadTemplate, importLimits } from '../api/imports';
import type { ImportChoices as Choices } from '../hooks/use-import-choices';

interface ImportChoicesProps {
  template: ImportTemplateName;
  type?: ContactType;
  choices: Choices;
  file: File | null;
  /** Rows are on screen: the choices they were checked against stay as they are. */
  hasRows: boolean;
  onFile: (file: File | null) => void;
}

/** Before the rows: the account, the contacts' warehouse and segment, the template, then the file. */
export function ImportChoices({ template, type, choices, file, hasRows, onFile }: ImportChoicesProps) {
  const { t, i18n } = useTranslation();
  const { rules, needsOwner, ownerId, missingChoice, loading } = choices;
  const waitingForOwner = needsOwner && !ownerId;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('imports.hint')} {importLimits(i18n.language)}
        </Text>
        <Group align="flex-end" wrap="wrap">
          {needsOwner && (
            <OwnerAccountField
              label={t('imports.account')}
              required
              w={280}
              disabled={choices.ownerLocked || hasRows}
              value={ownerId}
              onChange={choices.chooseOwner}
            />
          )}
          {rules?.hasWarehouse && (
            <Select
              label={t('imports.warehouse')}
              required
              w={240}
              disabled={hasRows || waitingForOwner}
              data={choices.ownerWarehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
              value={choices.warehouseId}
              onChange={choices.setWarehouseId}
            />
          )}
          {rules?.hasSegment && (
            <Select
              label={t('imports.segment')}
              required={rules.segmentRequired}
              clearable={!rules.segmentRequired}
              w={160}
              disabled={hasRows || waitingForOwner}
              data={choices.ownerSegments}
              value={choices.segment}
              onChange={(v) => choices.setSegment(v as SegmentCode | null)}
            />
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadTemplate(template, type).catch(() => undefined)}
          >
            {t('imports.template')}
          </Button>
        </Group>
        {hasRows ? (
          <Group gap="xs">
            <IconFileTypeCsv size={18} />
            <Text size="sm" data-testid="import-file">
              {file?.name}
            </Text>
          </Group>
        ) : (
          <FileInput
            label={t('imports.file')}
            placeholder={t('imports.file_placeholder')}
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} />}
            clearable
            w={420}
            value={file}
            disabled={missingChoice || loading}
            description={missingChoice ? t('imports.choose_first') : loading ? t('imports.loading') : undefined}
            onChange={onFile}
          />
        )}
      </Stack>
    </Paper>
  );
}
