/**
 * The side menu (menu.ts), a mini mode of icons with tooltips, groups opened by default. A group's title is a
 * button (a Tab stop that Enter or Space opens and closes, its state told to screen readers).
 */
import type { Principal } from '@cellar/shared/access/roles';
import { NavLink, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Hint } from '../ui/hint';
import { isGroup, type MenuLink, visibleMenu } from './menu';

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/** The active entry: the one whose page is open, else the one of the same section (/recipient/create). */
function activeLink(links: MenuLink[], pathname: string): MenuLink | undefined {
  return (
    links.find((l) => l.page.path === pathname) ??
    links.find((l) => firstSegment(l.page.path) === firstSegment(pathname))
  );
}

interface SideMenuProps {
  principal: Principal;
  mini: boolean;
  onNavigate: () => void;
}

export function SideMenu({ principal, mini, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(principal), [principal]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (group: string) =>
    setClosed((set) => {
      const next = new Set(set);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  const active = activeLink(
    entries.flatMap((e) => (isGroup(e) ? e.children : [e])),
    pathname,
  );

  const link = (l: MenuLink) => (
    <Hint key={l.label} label={t(l.label)} position="right" disabled={!mini}>
      <NavLink
        component={Link}
        to={l.page.path}
        label={mini ? undefined : t(l.label)}
        aria-label={t(l.label)}
        leftSection={<l.icon size={18} stroke={1.5} />}
        active={l === active}
        onClick={onNavigate}
      />
    </Hint>
  );

  return (
    <Stack component="nav" gap={2} aria-label={t('menu.label')}>
      {entries.map((e) =>
        !isGroup(e) ? (
          link(e)
        ) : mini ? (
          e.children.map(link)
        ) : (
          <NavLink
            key={e.label}
            component="button"
            type="button"
            label={t(e.label)}
            leftSection={<e.icon size={18} stroke={1.5} />}
            opened={!closed.has(e.label)}
            onChange={() => toggle(e.label)}
            aria-expanded={!closed.has(e.label)}
            childrenOffset={12}
          >
            {e.children.map(link)}
          </NavLink>
        ),
      )}
    </Stack>
  );
}
