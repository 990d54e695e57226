/**
 * /{type}/create. Coming from another flow (utils/origin.ts), the user goes back there with the new contact;
 * otherwise to the list. The breadcrumbs follow the origin.
 */

import { isSuperadmin } from '@cellar/shared/access/roles';
import type { ContactType } from '@cellar/shared/contacts/schemas';
import { Anchor, Breadcrumbs, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { useCreateContact } from '../api/create-contact';
import { ContactForm } from '../components/contact-form';
import { toCreateBody } from '../components/contact-form-values';
import { originLabel, originOf, returnPath } from '../utils/origin';

export function ContactCreateRoute({ type }: { type: ContactType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const superadmin = isSuperadmin(usePrincipal());
  const create = useCreateContact();
  const origin = originOf(searchParams);
  const listPath = paths.contacts[type].list.path;
  const back = origin?.path ?? listPath;

  const crumbs = [
    { label: t('menu.home'), to: paths.dashboard.path },
    origin
      ? { label: t(originLabel(origin)), to: origin.path }
      : { label: t(paths.contacts[type].list.title), to: listPath },
  ];

  return (
    <Stack>
      <Breadcrumbs>
        {crumbs.map((c) => (
          <Anchor key={c.to} component={Link} to={c.to} size="sm">
            {c.label}
          </Anchor>
        ))}
        <span>{t(paths.contacts[type].create.title)}</span>
      </Breadcrumbs>
      <Title order={2}>{t(paths.contacts[type].create.title)}</Title>
      <Paper withBorder p="md" maw={900}>
        <ContactForm
          type={type}
          submitting={create.isPending}
          onCancel={() => navigate(back)}
          onSubmit={(values) =>
            create
              .mutateAsync(toCreateBody(values, superadmin))
              .then((contact) => navigate(origin ? returnPath(origin, contact.id) : listPath))
          }
        />
      </Paper>
    </Stack>
  );
}
