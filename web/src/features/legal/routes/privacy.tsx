import { Center, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import workInProgress from '../../../assets/work-in-progress.svg';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';

/** The privacy policy page: public, and until the policy is written, only a work-in-progress image. */
export function PrivacyRoute() {
  const { t } = useTranslation();
  usePageTitle(paths.privacy.title);
  return (
    <Center mih="100vh" p="md">
      <Image src={workInProgress} alt={t('privacy.work_in_progress')} maw={480} />
    </Center>
  );
}
