/**
 * The signed-in shell of spec 1 §2: a header (menu button on narrow screens, page title, updates badge, user name,
 * child-account switcher, return to main account, language, fullscreen, logout; below `sm` the user's actions fold
 * into one menu), the side menu (collapsible to a remembered mini mode), the footer (copyright, version, environment, privacy link), and the page-view logs.
 */

import { routes } from '@cellar/shared/routes/table';
import { ActionIcon, Anchor, AppShell, Burger, Group, Progress, Text, Title } from '@mantine/core';
import { useDisclosure, useFullscreenDocument, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMaximize,
  IconMinimize,
} from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches, useNavigate, useNavigation } from 'react-router';
import { paths } from '../../config/paths';
import { PRODUCT_NAME, SHELL, WIDE_FROM } from '../../config/shell';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePageViewLog } from '../../hooks/use-page-view-log';
import { callRoute } from '../../lib/api-client';
import { endSession, principalOf, useUser } from '../../lib/auth';
import type { Language } from '../../lib/i18n';
import { isImpersonating } from '../../lib/storage';
import { MENU_FOLDED_KEY } from '../../lib/storage-keys';
import { AfterFirstCommit } from '../ui/after-first-commit';
import { Hint } from '../ui/hint';
import { LanguageSwitch } from '../ui/language-switch';
import { PageLoader } from '../ui/page-loader';
import { MAIN_CONTENT_ID } from '../ui/skip-link';
import { AccountSwitcher, ReturnToMainAccount } from './account-switcher';
import { ImpersonationBanner } from './impersonation';
import { SideMenu } from './side-menu';
import { UserMenu, UserMenuButton } from './user-menu';

const APP_VERSION = 'v1.7.23';
/** Where the side menu and the header's actions show (AppShell's `breakpoint`, `sm`). */
const WIDE = `(min-width: ${WIDE_FROM})`;
/** Named in the footer unless it is production; set at build time (VITE_APP_ENV). */
const APP_ENV = import.meta.env.VITE_APP_ENV || 'local';

/** The account keeps its locale (language-country, the country from the company address): only the language changes. */
function saveLocale(current: string, lng: Language) {
  const country = current.split('-')[1] ?? 'FR';
  void callRoute(routes.authUserUpdate, { body: { locale: `${lng}-${country}` }, quietStatuses: [422] }).catch(
    () => undefined,
  );
}

function useRouteTitle(): string | undefined {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  return handle?.title;
}

function FullscreenToggle() {
  const { t } = useTranslation();
  const { toggle, fullscreen } = useFullscreenDocument();
  const label = t(fullscreen ? 'header.exit_fullscreen' : 'header.fullscreen');
  return (
    <Hint label={label}>
      <ActionIcon variant="subtle" size="lg" onClick={() => void toggle()} aria-label={label}>
        {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
      </ActionIcon>
    </Hint>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" gap="md" justify="space-between" wrap="nowrap">
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {PRODUCT_NAME} · {APP_VERSION}
        {APP_ENV !== 'production' && (
          <Text span size="xs" fw={700} c="red.9" ml="xs" data-testid="app-env">
            {APP_ENV}
          </Text>
        )}
      </Text>
      <Anchor component={Link} to={paths.privacy.path} size="xs">
        {t('footer.privacy')}
      </Anchor>
    </Group>
  );
}

/** `updates`: the updates badge, a feature the app composes into the header. */
export function AppLayout({ updates }: { updates?: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure();
  // Read at once: read in an effect, a folded menu would draw the whole shell again after its first commit.
  const [mini, setMini] = useLocalStorage({
    key: MENU_FOLDED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Right from the first render: a phone builds neither the wide header's actions nor the folded side menu's
  // links until it shows them (a first visit's render is the phone's longest task).
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const title = usePageTitle(useRouteTitle());
  usePageViewLog();

  const changeLanguage = (lng: Language) => saveLocale(user.locale, lng);
  const logout = () => {
    endSession();
    navigate(paths.login.path, { replace: true });
  };

  return (
    <AppShell
      header={{ height: SHELL.header }}
      footer={{ height: SHELL.footer }}
      navbar={{
        width: mini ? SHELL.miniMenu : SHELL.menu,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        {navigation.state !== 'idle' && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
            aria-label={t('common.loading')}
          />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ overflow: 'hidden' }}>
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
            {/* Plain text, not a heading: the page's own heading names it. */}
            <Text size="sm" c="dimmed" truncate visibleFrom="md" data-testid="header-title">
              {title}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {updates}
            {wide ? (
              // Wide screens: every action in the header.
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} data-testid="user-name">
                  {user.name}
                </Text>
                <AccountSwitcher accounts={user.children ?? []} />
                {isImpersonating() && <ReturnToMainAccount />}
                <LanguageSwitch onChange={changeLanguage} />
                <FullscreenToggle />
                <Hint label={t('header.logout')}>
                  <ActionIcon variant="subtle" size="lg" onClick={logout} aria-label={t('header.logout')}>
                    <IconLogout size={20} />
                  </ActionIcon>
                </Hint>
              </Group>
            ) : (
              // Narrow screens: the same actions in one menu, so that the menu button stays reachable.
              <AfterFirstCommit fallback={<UserMenuButton />}>
                <UserMenu user={user} onLanguage={changeLanguage} onLogout={logout} />
              </AfterFirstCommit>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p={4}>
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {/* On a phone, the menu's links are built when it opens. */}
          {(wide || mobileOpened) && <SideMenu principal={principalOf(user)} mini={mini} onNavigate={closeMobile} />}
        </AppShell.Section>
        <AppShell.Section>
          <Group justify={mini ? 'center' : 'flex-end'} p={4} wrap="nowrap">
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

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {isImpersonating() && <ImpersonationBanner user={user} />}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
