/**
 * /new-user and /reset-password: the same page with its own title and button. The link's email and token are
 * read from the query; without a token the loader sends the visitor to /login, and any session is cleared first.
 */
import { Center, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { MAIN_CONTENT_ID } from '../../../components/ui/skip-link';
import { type AppPath, paths } from '../../../config/paths';
import { PRODUCT_NAME } from '../../../config/shell';
import { usePageTitle } from '../../../hooks/use-page-title';
import { endSession } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { SetPasswordForm } from '../components/set-password-form';

export type PasswordMode = 'newUser' | 'resetPassword';

const SUBMIT_LABELS: Record<PasswordMode, string> = {
  newUser: 'password.create_account',
  resetPassword: 'password.reset',
};

export function setPasswordLoader({ request }: LoaderFunctionArgs) {
  if (!new URL(request.url).searchParams.get('token')) throw redirect(paths.login.path);
  // Someone else's session (or one's own, forgotten) must not survive a password link.
  endSession();
  return null;
}

export function SetPasswordRoute({ mode }: { mode: PasswordMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page: AppPath = paths[mode];
  usePageTitle(page.title);

  const done = () => {
    notify('success', t('password.saved'));
    navigate(paths.login.path, { replace: true });
  };

  return (
    <Center mih="100vh" bg="gray.0" p="md" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <Stack>
          <Group justify="space-between">
            {/* The product's name is the page's first heading, the form's title the next: no level skipped. */}
            <Title order={1} size="h2" c="wine.9">
              {PRODUCT_NAME}
            </Title>
            <LanguageSwitch />
          </Group>
          <Title order={2} size="h4">
            {t(page.title)}
          </Title>
          <SetPasswordForm
            email={searchParams.get('email') ?? ''}
            token={searchParams.get('token') ?? ''}
            submitLabel={SUBMIT_LABELS[mode]}
            onSuccess={done}
          />
        </Stack>
      </Paper>
    </Center>
  );
}
