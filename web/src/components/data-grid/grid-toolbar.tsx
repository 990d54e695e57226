/**
 * Above the grid: the search box, the page's own filters, the page size, the column menu, the export menu (CSV or
 * XLSX) and the page's buttons.
 */
import { EXPORT_FORMATS, type ExportFormat, PAGE_SIZES } from '@cellar/shared/filter/query';
import { Button, Group, Menu, NativeSelect, TextInput } from '@mantine/core';
import { IconChevronDown, IconDownload, IconSearch } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstCommit } from '../ui/after-first-commit';
import { ColumnMenu, ColumnsButton } from './column-menu';
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
  onExport: (format: ExportFormat) => void;
  actions?: ReactNode;
}

/** Memoized: a list's rows arriving do not draw it again (its menus place their hidden dropdowns when drawn). */
export const GridToolbar = memo(function GridToolbar(props: GridToolbarProps) {
  const { t } = useTranslation();
  const { layout } = props;
  // Each menu opens once the page's first commit is on screen (AfterFirstCommit); its button is drawn before.
  const exportButton = (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      rightSection={<IconChevronDown size={14} />}
      loading={props.exporting}
      disabled={!props.canExport}
    >
      {t('grid.export')}
    </Button>
  );
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
        {/* The browser's own select: a phone's picker, and no hidden dropdown placed on every drawing of the page. */}
        <NativeSelect
          aria-label={t('grid.page_size')}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('grid.per_page', { size: n }) }))}
          value={String(props.pageSize)}
          onChange={(e) => props.onPageSize(Number(e.currentTarget.value))}
          w={150}
        />
        <AfterFirstCommit fallback={<ColumnsButton />}>
          <ColumnMenu
            columns={props.columns}
            visible={layout.visible}
            onToggle={layout.toggle}
            saving={layout.saving}
            onSave={layout.save}
            onReset={layout.reset}
          />
        </AfterFirstCommit>
        <AfterFirstCommit fallback={exportButton}>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>{exportButton}</Menu.Target>
            <Menu.Dropdown>
              {EXPORT_FORMATS.map((format) => (
                <Menu.Item key={format} onClick={() => props.onExport(format)}>
                  {t(`grid.export_${format}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </AfterFirstCommit>
        {props.actions}
      </Group>
    </Group>
  );
});
