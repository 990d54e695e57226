/**
 * E-mail and push notifications, and the warehouse's news heard of by e-mail (users/schemas.ts NOTIFIED_EVENTS):
 * each switch and each box saves at once, with 'Votre changement a été pris en compte.', and is put back if the
 * server refuses.
 */
import { NOTIFICATION_CHANNELS, NOTIFIED_EVENTS, type NotifiedEvent, type User } from '@cellar/shared/users/schemas';
import { Checkbox, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications';
import { useUpdateProfile } from '../api/update-profile';

type Channel = (typeof NOTIFICATION_CHANNELS)[number];
interface Choice {
  channels: Channel[];
  events: NotifiedEvent[];
}

/** The i18n key of a kind of news (i18next reads a dot as a level). */
const eventLabelKey = (event: NotifiedEvent) => `settings.events.${event.replace('.', '_')}`;

export function NotificationSwitches({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  // Shown at once; put back if the server refuses.
  const [choice, setChoice] = useState<Choice>({
    channels: user.notificationChannels,
    events: user.notificationEvents,
  });

  const save = (next: Choice) => {
    const previous = choice;
    setChoice(next);
    update.mutate(
      {
        lastname: user.lastname,
        firstname: user.firstname,
        email: user.email,
        notificationChannels: next.channels,
        notificationEvents: next.events,
      },
      {
        onSuccess: () => notify('update', t('settings.change_saved')),
        onError: () => setChoice(previous),
      },
    );
  };
  const toggle = (channel: Channel, on: boolean) =>
    save({ ...choice, channels: on ? [...choice.channels, channel] : choice.channels.filter((c) => c !== channel) });
  const byMail = choice.channels.includes('mail');

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('settings.notifications')}</Title>
        {NOTIFICATION_CHANNELS.map((channel) => (
          <Switch
            key={channel}
            label={t(`settings.channels.${channel}`)}
            checked={choice.channels.includes(channel)}
            disabled={update.isPending}
            onChange={(e) => toggle(channel, e.currentTarget.checked)}
          />
        ))}
        {byMail && (
          <Checkbox.Group
            label={t('settings.events_title')}
            description={t('settings.events_help')}
            value={choice.events}
            onChange={(values) => save({ ...choice, events: NOTIFIED_EVENTS.filter((e) => values.includes(e)) })}
          >
            <Stack gap={6} mt="xs">
              {NOTIFIED_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={t(eventLabelKey(event))} disabled={update.isPending} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {byMail && choice.events.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('settings.events_none')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
