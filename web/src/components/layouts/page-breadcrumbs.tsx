import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

/** Where the page sits: links back up, then the current page as text. */
export function PageBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumbs>
      {crumbs.map((c) =>
        c.to ? (
          <Anchor key={c.label} component={Link} to={c.to} size="sm">
            {c.label}
          </Anchor>
        ) : (
          <span key={c.label}>{c.label}</span>
        ),
      )}
    </Breadcrumbs>
  );
}
