import { ActionIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Hint } from './hint';

interface RowIconProps {
  /** The tooltip, and the start of the accessible name. */
  label: string;
  /** The row it acts on (a code, an e-mail), ending the accessible name so that each row's icon is told apart. */
  name?: string;
  icon: Icon;
  color?: string;
  loading?: boolean;
  /** A link rather than a button. */
  to?: string;
  onClick?: () => void;
}

/** A row's action (grids, lists): an icon button, or link, named by its tooltip. */
export function RowIcon({ label, name, icon: I, color, loading, to, onClick }: RowIconProps) {
  const ariaLabel = name ? `${label} ${name}` : label;
  const common = { variant: 'subtle', size: 'sm', color, loading, 'aria-label': ariaLabel } as const;
  return (
    <Hint label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          <I size={16} />
        </ActionIcon>
      ) : (
        <ActionIcon {...common} onClick={onClick}>
          <I size={16} />
        </ActionIcon>
      )}
    </Hint>
  );
}
