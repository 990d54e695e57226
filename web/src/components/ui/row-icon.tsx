import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** A grid row's action: an icon button named by its tooltip. */
export function RowIcon({
  label,
  icon: I,
  color,
  onClick,
}: {
  label: string;
  icon: Icon;
  color?: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" size="sm" color={color} aria-label={label} onClick={onClick}>
        <I size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
