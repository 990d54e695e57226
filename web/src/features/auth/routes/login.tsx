import { Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { MAIN_CONTENT_ID } from '../../../components/ui/skip-link';
import { paths } from '../../../config/paths';
import { PRODUCT_NAME } from '../../../config/shell';
import { usePageTitle } from '../../../hooks/use-page-title';
import { LoginForm } from '../components/login-form';

/** Asked for by few, after a click: not part of the first load, whose every kilobyte each visitor waits for. */
const ForgotPasswordForm = lazy(() =>
  import('../components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [forgot, setForgot] = useState(false);
  usePageTitle(paths.login.title);

  return (
    <Center mih="100vh" bg="gray.0" p="md" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
        <Stack>
          <Group justify="space-between">
            {/* The product's name is the page's first heading, the form's title the next: no level skipped. */}
            <Title order={1} size="h2" c="wine.9">
              {PRODUCT_NAME}
            </Title>
            <LanguageSwitch />
          </Group>
          <Title order={2} size="h4">
            {t(forgot ? 'login.forgot_title' : 'login.title')}
          </Title>
          {forgot ? (
            <Suspense fallback={<Loader size="sm" mx="auto" aria-label={t('common.loading')} />}>
              <ForgotPasswordForm onBack={() => setForgot(false)} />
            </Suspense>
          ) : (
            <LoginForm
              onSuccess={() => navigate(paths.dashboard.path, { replace: true })}
              onForgotPassword={() => setForgot(true)}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
