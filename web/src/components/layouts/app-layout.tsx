/** The signed-in shell: header, side menu (collapsible to a remembered mini mode), page title, outlet. */
import { ActionIcon, AppShell, Burger, Group, Progress, ScrollArea, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigate, useNavigation } from 'react-router';
import { paths } from '../../config/paths';
import { PRODUCT_NAME, usePageTitle } from '../../hooks/use-page-title';
import { endSession, principalOf, useUser } from '../../lib/auth';
import { LanguageSwitch } from '../ui/language-switch';
import { PageLoader } from '../ui/page-loader';
import { SideMenu } from './side-menu';

const HEADER_HEIGHT = 55;
const MENU_WIDTH = 200;
const MINI_MENU_WIDTH = 55;
const APP_VERSION = 'v1.7.23';

function useRouteTitle(): string | undefined {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  return handle?.title;
}

export function AppLayout() {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure();
  const [mini, setMini] = useLocalStorage({ key: 'cellar.menuCollapsed', defaultValue: false });
  usePageTitle(useRouteTitle());

  const logout = () => {
    endSession();
    navigate(paths.login.path, { replace: true });
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: mini ? MINI_MENU_WIDTH : MENU_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        {navigation.state !== 'idle' && (
          <Progress value={100} animated size="xs" radius={0} pos="absolute" top={0} left={0} right={0} />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.menu')}
            />
            <Title order={3} c="wine.9">
              {PRODUCT_NAME}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" fw={500} data-testid="user-name" visibleFrom="xs">
              {user.name}
            </Text>
            <LanguageSwitch />
            <Tooltip label={t('header.logout')}>
              <ActionIcon variant="subtle" size="lg" onClick={logout} aria-label={t('header.logout')}>
                <IconLogout size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p={4}>
        <AppShell.Section grow component={ScrollArea}>
          <SideMenu principal={principalOf(user)} mini={mini} onNavigate={closeMobile} />
        </AppShell.Section>
        <AppShell.Section>
          <Group justify={mini ? 'center' : 'space-between'} p={4} wrap="nowrap">
            {!mini && (
              <Text size="xs" c="dimmed">
                © {PRODUCT_NAME} {APP_VERSION}
              </Text>
            )}
            <ActionIcon
              variant="subtle"
              visibleFrom="sm"
              onClick={() => setMini(!mini)}
              aria-label={t(mini ? 'menu.expand' : 'menu.collapse')}
            >
              {mini ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
            </ActionIcon>
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
