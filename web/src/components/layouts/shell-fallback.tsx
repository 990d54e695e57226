import { Box, Center, Group, Loader, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { PRODUCT_NAME, SHELL } from '../../config/shell';
import { FIRST_PAINT, firstPaintPages } from '../../lib/first-paint';

/** The title key of the list page at `pathname`, when the first paint names it (first-paint.ts). */
const firstPaintTitle = (pathname: string) =>
  firstPaintPages().find((page) => matchPath(page.path, pathname.replace(/\/+$/, '')))?.title;

/**
 * What a signed-in page shows while the signed-in user, the shell's chunk and the page's first requests load: the
 * shell's frame (header with the product's name, the side menu's place on wide screens) and a list page's title,
 * at the places the shell (app-layout.tsx) and the page will fill, as index.html's first paint drew them before
 * any chunk ran (first-paint.ts): a first visit paints at once and nothing moves when the shell arrives. Part of
 * the first chunk: plain boxes, no AppShell.
 */
export function ShellFallback() {
  const { t } = useTranslation();
  const title = firstPaintTitle(useLocation().pathname);
  const folded = localStorage.getItem(FIRST_PAINT.menuFolded) === 'true';
  const line = '1px solid var(--mantine-color-gray-3)';
  return (
    <Box mih="100vh">
      <Box h={SHELL.header} bg="white" style={{ borderBottom: line }}>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          {/* The menu button's place on narrow screens (a small Burger is 28 px wide). */}
          <Box w={28} hiddenFrom="sm" />
          <Title order={3} c="wine.9">
            {PRODUCT_NAME}
          </Title>
        </Group>
      </Box>
      <Group align="stretch" gap={0} wrap="nowrap" mih={`calc(100vh - ${SHELL.header}px - ${SHELL.footer}px)`}>
        <Box w={folded ? SHELL.miniMenu : SHELL.menu} visibleFrom="sm" style={{ borderRight: line, flexShrink: 0 }} />
        <Box flex={1} miw={0} p="md">
          {title && <Title order={2}>{t(title)}</Title>}
          <Center h="50vh">
            <Loader aria-label={t('common.loading')} />
          </Center>
        </Box>
      </Group>
    </Box>
  );
}
