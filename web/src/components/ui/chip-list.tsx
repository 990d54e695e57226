import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The first `max` labels as chips, then '+ n autres' (grids show 3 warehouses, spec 1 §2). */
export function ChipList({ labels, max = 3 }: { labels: readonly string[]; max?: number }) {
  const { t } = useTranslation();
  const hidden = labels.length - max;
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      {labels.slice(0, max).map((label) => (
        <Badge key={label} size="sm" variant="light" color="gray" radius="sm">
          {label}
        </Badge>
      ))}
      {hidden > 0 && (
        <Text span size="xs" c="dimmed" title={labels.slice(max).join(', ')}>
          {t('common.n_more', { count: hidden })}
        </Text>
      )}
    </Group>
  );
}
