/**
 * The grid's states around AG Grid: the pager (AG Grid's own says '1 à ? de Plus' while the total is a floor), the
 * chips of the active filters with a clear-all, a placeholder while the first page loads, and a failed page said
 * in place with a retry.
 */
import { ActionIcon, Badge, Button, CloseButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../errors/load-error';
import { type FilterChip, type PagerPosition, pagerText } from './grid-states';
import type { LoadFailure } from './use-list-datasource';

export interface PagerMoves {
  first: () => void;
  previous: () => void;
  next: () => void;
  last: () => void;
}

export function GridPager({ position, moves }: { position: PagerPosition | null; moves: PagerMoves }) {
  const { t, i18n } = useTranslation();
  if (!position) return null;
  const text = pagerText(position, t, i18n.language);
  const onFirst = position.page === 0;
  const onLast = text.lastPage !== null && position.page >= text.lastPage;
  const button = (label: string, icon: React.ReactNode, onClick: () => void, disabled: boolean) => (
    <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick} disabled={disabled}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group
      component="nav"
      aria-label={t('grid.pager.label')}
      justify="flex-end"
      gap="xs"
      px="xs"
      py={4}
      wrap="wrap"
      data-testid="grid-pager"
    >
      <Text size="sm" data-testid="grid-pager-rows" aria-live="polite">
        {text.rows}
      </Text>
      <Group gap={2} wrap="nowrap">
        {button(t('grid.pager.first'), <IconChevronsLeft size={16} />, moves.first, onFirst)}
        {button(t('grid.pager.previous'), <IconChevronLeft size={16} />, moves.previous, onFirst)}
        <Text size="sm" px={4} data-testid="grid-pager-pages">
          {text.pages}
        </Text>
        {button(t('grid.pager.next'), <IconChevronRight size={16} />, moves.next, onLast || text.pages === '')}
        {button(t('grid.pager.last'), <IconChevronsRight size={16} />, moves.last, text.lastPage === null || onLast)}
      </Group>
    </Group>
  );
}

interface FilterChipsProps {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClear: () => void;
}

/** The active filters, each removable, and one button to clear them all. */
export function FilterChips({ chips, onRemove, onClear }: FilterChipsProps) {
  const { t } = useTranslation();
  if (!chips.length) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('grid.active_filters')} data-testid="filter-chips">
      {chips.map((chip) => (
        <Badge
          key={chip.colId}
          variant="light"
          size="lg"
          tt="none"
          maw="100%"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t('grid.remove_filter', { filter: chip.text })}
              onClick={() => onRemove(chip)}
            />
          }
        >
          {chip.text}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={onClear}>
        {t('grid.clear_filters')}
      </Button>
    </Group>
  );
}

/** Rows of grey bars while the first page loads. */
export function GridPlaceholder() {
  const { t } = useTranslation();
  return (
    <Stack gap={10} p="sm" role="status" aria-label={t('grid.loading')} data-testid="grid-placeholder">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed bars, never reordered.
        <Skeleton key={i} height={16} radius="sm" />
      ))}
    </Stack>
  );
}

export function GridLoadError({ failure, onRetry }: { failure: LoadFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadError title={t('grid.load_error')} message={failure.message} onRetry={onRetry} />;
}
