import { Box, Center, Group, Loader, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../hooks/use-page-title';

/**
 * What a signed-in page shows while the signed-in user, the shell's chunk and the page's first requests load: the
 * shell's frame (header with the product's name, the side menu's place on wide screens) at the places the shell
 * (app-layout.tsx) will fill, so that a first visit paints at once and nothing moves when the shell arrives. Part
 * of the first chunk: plain boxes, no AppShell.
 */
export function ShellFallback() {
  const { t } = useTranslation();
  const line = '1px solid var(--mantine-color-gray-3)';
  return (
    <Box mih="100vh">
      <Box h={55} bg="white" style={{ borderBottom: line }}>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          {/* The menu button's place on narrow screens (a small Burger is 28 px wide). */}
          <Box w={28} hiddenFrom="sm" />
          <Title order={3} c="wine.9">
            {PRODUCT_NAME}
          </Title>
        </Group>
      </Box>
      <Group align="stretch" gap={0} wrap="nowrap" mih="calc(100vh - 55px - 32px)">
        <Box w={200} visibleFrom="sm" style={{ borderRight: line, flexShrink: 0 }} />
        <Center flex={1} h="60vh">
          <Loader aria-label={t('common.loading')} />
        </Center>
      </Group>
    </Box>
  );
}
