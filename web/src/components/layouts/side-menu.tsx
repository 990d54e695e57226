/** The side menu of spec 1 §2, filtered by the shared access rule against the SPA route table. */
import { canAccess, type Principal } from '@cellar/shared/auth/roles';
import { NavLink, Stack, Tooltip } from '@mantine/core';
import { type Icon, IconHome, IconTool, IconTruck, IconTruckDelivery, IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type AppPath, paths } from '../../config/paths';

interface MenuLink {
  label: string;
  icon: Icon;
  page: AppPath;
}
interface MenuGroup {
  label: string;
  icon: Icon;
  children: MenuLink[];
}
type MenuEntry = MenuLink | MenuGroup;

const MENU: MenuEntry[] = [
  { label: 'menu.home', icon: IconHome, page: paths.dashboard },
  {
    label: 'menu.toolkit',
    icon: IconTool,
    children: [
      { label: 'menu.supplier', icon: IconTruckDelivery, page: paths.contacts.supplier.list },
      { label: 'menu.recipient', icon: IconUserShare, page: paths.contacts.recipient.list },
      { label: 'menu.carrier', icon: IconTruck, page: paths.contacts.carrier.list },
    ],
  },
];

const isGroup = (e: MenuEntry): e is MenuGroup => 'children' in e;
const firstSegment = (path: string) => path.split('/')[1] ?? '';

/** The entries a principal may open; groups left empty disappear. */
function visibleMenu(principal: Principal): MenuEntry[] {
  const allowed = (l: MenuLink) => canAccess(principal, l.page.access, l.page.scopes);
  return MENU.flatMap((e): MenuEntry[] => {
    if (!isGroup(e)) return allowed(e) ? [e] : [];
    const children = e.children.filter(allowed);
    return children.length ? [{ ...e, children }] : [];
  });
}

interface SideMenuProps {
  principal: Principal;
  mini: boolean;
  onNavigate: () => void;
}

export function SideMenu({ principal, mini, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isActive = (l: MenuLink) => firstSegment(pathname) === firstSegment(l.page.path);

  const link = (l: MenuLink) => (
    <Tooltip key={l.label} label={t(l.label)} position="right" disabled={!mini}>
      <NavLink
        component={Link}
        to={l.page.path}
        label={mini ? undefined : t(l.label)}
        aria-label={t(l.label)}
        leftSection={<l.icon size={18} stroke={1.5} />}
        active={isActive(l)}
        onClick={onNavigate}
      />
    </Tooltip>
  );

  return (
    <Stack component="nav" gap={2} aria-label={t('menu.label')}>
      {visibleMenu(principal).map((e) =>
        !isGroup(e) ? (
          link(e)
        ) : mini ? (
          e.children.map(link)
        ) : (
          <NavLink
            key={e.label}
            label={t(e.label)}
            leftSection={<e.icon size={18} stroke={1.5} />}
            defaultOpened
            childrenOffset={12}
          >
            {e.children.map(link)}
          </NavLink>
        ),
      )}
    </Stack>
  );
}
