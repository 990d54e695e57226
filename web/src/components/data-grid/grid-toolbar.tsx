/**
 * Above the grid: the search box, the page's own filters, the page size, the column menu, the CSV export and the page's buttons.
 */
import { PAGE_SIZES } from '@cellar/shared/filter/query';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnMenu } from './column-menu';
import type { useColumnLayout } from './use-column-layout';

interface GridToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  filters?: ReactNode;
  pageSize: number;
  onPageSize: (size: number) => void;
  columns: { field: string; label: string }[];
  layout: ReturnType<typeof useColumnLayout>;
  exporting: boolean;
  canExport: boolean;
  onExport: () => void;
  actions?: ReactNode;
}

export function GridToolbar(props: GridToolbarProps) {
  const { t } = useTranslation();
  const { layout } = props;
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <TextInput
          aria-label={t('grid.search')}
          placeholder={t('grid.search')}
          leftSection={<IconSearch size={16} />}
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        {props.filters}
      </Group>
      <Group gap="sm">
        <Select
          aria-label={t('grid.page_size')}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('grid.per_page', { size: n }) }))}
          value={String(props.pageSize)}
          onChange={(v) => v && props.onPageSize(Number(v))}
          allowDeselect={false}
          w={150}
        />
        <ColumnMenu
          columns={props.columns}
          visible={layout.visible}
          onToggle={layout.toggle}
          saving={layout.saving}
          onSave={layout.save}
          onReset={layout.reset}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={props.exporting}
          disabled={!props.canExport}
          onClick={props.onExport}
        >
          {t('grid.export')}
        </Button>
        {props.actions}
      </Group>
    </Group>
  );
}
