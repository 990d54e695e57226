/**
 * The column-customisation menu common to all grids: a switch per column (the last one shown stays), save, reset
 * (confirmed), close.
 */
import { Button, Group, Popover, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconColumns } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

interface ColumnMenuProps {
  columns: { field: string; label: string }[];
  visible: readonly string[];
  onToggle: (field: string, shown: boolean) => void;
  onSave: () => Promise<unknown>;
  onReset: () => Promise<unknown>;
  saving: boolean;
}

export function ColumnMenu({ columns, visible, onToggle, onSave, onReset, saving }: ColumnMenuProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);

  const confirmReset = () =>
    modals.openConfirmModal({
      title: t('grid.reset_columns'),
      children: <Text size="sm">{t('grid.reset_columns_confirm')}</Text>,
      labels: { confirm: t('grid.reset_columns'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      size: 'md',
      onConfirm: () => void onReset().then(close),
    });

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <ColumnsButton onClick={toggle} />
      </Popover.Target>
      <Popover.Dropdown aria-label={t('grid.columns')}>
        <Stack gap="xs">
          {columns.map((c) => (
            <Switch
              key={c.field}
              label={c.label}
              checked={visible.includes(c.field)}
              // A list keeps a column at least.
              disabled={visible.length === 1 && visible.includes(c.field)}
              onChange={(e) => onToggle(c.field, e.currentTarget.checked)}
            />
          ))}
          <Group gap="xs" mt="xs">
            <Button size="xs" loading={saving} onClick={() => void onSave().then(close)}>
              {t('common.save')}
            </Button>
            <Button size="xs" variant="default" onClick={confirmReset}>
              {t('grid.reset_columns')}
            </Button>
            <Button size="xs" variant="subtle" onClick={close}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The button that opens the column menu (the popover's target: its props and ref pass through). */
export function ColumnsButton(props: ComponentProps<typeof Button<'button'>>) {
  const { t } = useTranslation();
  return (
    <Button variant="default" leftSection={<IconColumns size={16} />} {...props}>
      {t('grid.columns')}
    </Button>
  );
}
