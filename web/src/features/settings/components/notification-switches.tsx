/** E-mail and push notifications: each switch saves at once, with 'Votre changement a été pris en compte.'. */
import { NOTIFICATION_CHANNELS, type User } from '@cellar/shared/users/schemas';
import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications';
import { useUpdateProfile } from '../api/update-profile';

type Channel = (typeof NOTIFICATION_CHANNELS)[number];

export function NotificationSwitches({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  // Shown at once; put back if the server refuses.
  const [channels, setChannels] = useState<Channel[]>(user.notificationChannels);

  const toggle = (channel: Channel, on: boolean) => {
    const previous = channels;
    const next = on ? [...channels, channel] : channels.filter((c) => c !== channel);
    setChannels(next);
    update.mutate(
      { lastname: user.lastname, firstname: user.firstname, email: user.email, notificationChannels: next },
      {
        onSuccess: () => notify('success', t('settings.change_saved')),
        onError: () => setChannels(previous),
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('settings.notifications')}</Title>
        {NOTIFICATION_CHANNELS.map((channel) => (
          <Switch
            key={channel}
            label={t(`settings.channels.${channel}`)}
            checked={channels.includes(channel)}
            disabled={update.isPending}
            onChange={(e) => toggle(channel, e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
