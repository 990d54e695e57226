/** /params: personal information, the password, notification switches, and the company card for every role but the plain user. */
import { ROLES } from '@cellar/shared/access/roles';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePrincipal, useUser } from '../../../lib/auth';
import { isImpersonating } from '../../../lib/storage';
import { CompanyCard } from '../components/company-card';
import { NotificationSwitches } from '../components/notification-switches';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

export function SettingsRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const principal = usePrincipal();
  const impersonating = isImpersonating();
  return (
    <Stack maw={900}>
      <Title order={2}>{t(paths.settings.title)}</Title>
      <ProfileForm user={user} impersonating={impersonating} />
      {!impersonating && <PasswordForm email={user.email} />}
      <NotificationSwitches user={user} />
      {principal.role !== ROLES.user && user.company && <CompanyCard company={user.company} />}
    </Stack>
  );
}
