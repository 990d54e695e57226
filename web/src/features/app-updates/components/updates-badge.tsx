/**
 * The header's updates badge: how many recent updates the user has not read yet, and since when. It opens the
 * dialog of the ten last updates, loaded on first use (its form brings the date picker); closing the dialog marks
 * the updates it showed as read (kept on the device, per user), so the badge clears.
 */
import { Badge, Button, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/auth';
import { formatDay } from '../../../lib/format';
import { useAppUpdates } from '../api/get-app-updates';
import { useLastUpdates } from '../api/get-last-updates';

const UpdatesDialog = lazy(async () => ({ default: (await import('./updates-dialog')).UpdatesDialog }));

export function UpdatesBadge() {
  const { t, i18n } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const last = useLastUpdates();
  const newest = useAppUpdates(true);
  const [read, setRead] = useLocalStorage<string[]>({ key: `cellar.updatesRead.${useUser().id}`, defaultValue: [] });
  // The recent updates the dialog shows and the user has not read; the server's count until the list is in.
  const count =
    newest.data && last.data
      ? newest.data.filter((u) => u.date >= (last.data?.since ?? '') && !read.includes(u.id)).length
      : (last.data?.count ?? 0);
  const closeAndRead = () => {
    if (newest.data) setRead(newest.data.map((u) => u.id));
    close();
  };
  const since = last.data ? t('updates.since', { date: formatDay(last.data.since, i18n.language) }) : '';

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={open}
        leftSection={<IconBell size={18} />}
        aria-label={t('updates.badge_label', { count, since })}
      >
        {/* The name holds what is shown, in the order shown (WCAG 2.5.3, Label in Name): the date, then the count,
            two words apart for whoever reads the text (hence the space between them, in one parent). */}
        <Text span size="xs" c="dimmed" visibleFrom="lg">
          {since}
        </Text>{' '}
        <Badge
          component="span"
          size="sm"
          ml={6}
          circle={count < 10}
          color={count ? 'wine' : 'gray'}
          data-testid="updates-count"
        >
          {count}
        </Badge>
      </Button>
      {opened && (
        <Suspense>
          <UpdatesDialog opened={opened} onClose={closeAndRead} />
        </Suspense>
      )}
    </>
  );
}
