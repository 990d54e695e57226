/**
 * /{type}/create. Coming from another flow (?origin=/order/create&type=recipient), the user goes back there with
 * ?recipient_id=<new id>; otherwise to the list. The breadcrumbs follow the origin.
 */

import { isSuperadmin } from '@cellar/shared/auth/roles';
import { CONTACT_TYPES, type ContactType } from '@cellar/shared/schemas/contact';
import { Anchor, Breadcrumbs, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { useCreateContact } from '../api/create-contact';
import { ContactForm } from '../components/contact-form';
import { toCreateBody } from '../components/contact-form-values';

/** Only a path of this application may be an origin (no open redirect). */
function originOf(params: URLSearchParams): { path: string; type: ContactType } | null {
  const path = params.get('origin');
  const type = params.get('type');
  if (!path || !type || !path.startsWith('/') || path.startsWith('//')) return null;
  if (!(CONTACT_TYPES as readonly string[]).includes(type)) return null;
  return { path, type: type as ContactType };
}

/** /order/create?x=1 + recipient + id → /order/create?x=1&recipient_id=id */
export function returnPath(origin: { path: string; type: ContactType }, id: string): string {
  const url = new URL(origin.path, 'http://origin.invalid');
  url.searchParams.set(`${origin.type}_id`, id);
  return `${url.pathname}${url.search}${url.hash}`;
}

const ORIGIN_LABELS: Record<string, string> = {
  order: 'breadcrumbs.order',
  reception: 'breadcrumbs.reception',
  'shipping-order': 'breadcrumbs.shipping_order',
};

export function ContactCreateRoute({ type }: { type: ContactType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const superadmin = isSuperadmin(usePrincipal());
  const create = useCreateContact();
  const origin = originOf(searchParams);
  const listPath = paths.contacts[type].list.path;
  const back = origin?.path ?? listPath;
  const originLabel = origin && ORIGIN_LABELS[origin.path.split('/')[1] ?? ''];

  const crumbs = [
    { label: t('menu.home'), to: paths.dashboard.path },
    origin
      ? { label: t(originLabel ?? 'breadcrumbs.back'), to: origin.path }
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
            create.mutateAsync(toCreateBody(values, superadmin)).then((contact) => {
              notify('success', t('contacts.created', { type: t(`contacts.${type}.one`) }));
              navigate(origin ? returnPath(origin, contact.id) : listPath);
            })
          }
        />
      </Paper>
    </Stack>
  );
}
