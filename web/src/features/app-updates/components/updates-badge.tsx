/**
 * The header's updates badge: how many updates were published recently and since when. It opens the dialog of
 * the ten last updates, loaded on first use (its form brings the date picker).
 */
import { Badge, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';
import { useLastUpdates } from '../api/get-last-updates';

const UpdatesDialog = lazy(async () => ({ default: (await import('./updates-dialog')).UpdatesDialog }));

export function UpdatesBadge() {
  const { t, i18n } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const last = useLastUpdates();
  const count = last.data?.count ?? 0;
  const since = last.data ? t('updates.since', { date: formatDay(last.data.since, i18n.language) }) : '';

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={open}
        leftSection={<IconBell size={18} />}
        rightSection={
          <Badge size="sm" circle={count < 10} color={count ? 'wine' : 'gray'} data-testid="updates-count">
            {count}
          </Badge>
        }
        aria-label={t('updates.badge_label', { count, since })}
      >
        <Text span size="xs" c="dimmed" visibleFrom="lg">
          {since}
        </Text>
      </Button>
      {opened && (
        <Suspense>
          <UpdatesDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
