import { Anchor, Center, Image, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import workInProgress from '../../../assets/work-in-progress.svg';
import { MAIN_CONTENT_ID } from '../../../components/ui/skip-link';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { hasSession } from '../../../lib/auth';

/**
 * The privacy policy page: public, and until the policy is written, only a work-in-progress image — with a way
 * back: to the dashboard when signed in, else to the sign-in page.
 */
export function PrivacyRoute() {
  const { t } = useTranslation();
  usePageTitle(paths.privacy.title);
  const back = hasSession() ? paths.dashboard.path : paths.login.path;
  return (
    <Center mih="100vh" p="md" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <Stack align="center">
        <Image src={workInProgress} alt={t('privacy.work_in_progress')} maw={480} />
        <Anchor component={Link} to={back}>
          <IconArrowLeft size={14} /> {t(hasSession() ? 'privacy.back_to_app' : 'privacy.back_to_login')}
        </Anchor>
      </Stack>
    </Center>
  );
}
