import type { RoleSlug } from '@cellar/shared/access/roles';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { showPage } from '../../../testing/pages';
import { ForbiddenRoute } from './forbidden';

afterEach(async () => {
  await act(() => setLanguage('fr'));
});

const reasonOn = async (path: string, role: RoleSlug, scope: string[]) => {
  const page = await showPage(<ForbiddenRoute />, { role, scope, path, pattern: '/403' });
  return page.textContent;
};

describe('Component: ForbiddenRoute', () => {
  it.each([
    [
      'a reader on a writer’s page of its module',
      '/403?level=2&module=order',
      'reader',
      ['order'],
      "Cette page demande le droit d'écriture sur le module Commandes ; votre compte a le droit de lecture.",
    ],
    [
      'a writer without the page’s module',
      '/403?level=1&module=order',
      'user',
      ['reception'],
      "Cette page demande le module Commandes ; votre compte n'y a pas accès.",
    ],
    [
      'a reader lacking both',
      '/403?level=2&module=order',
      'reader',
      ['reception'],
      "Cette page demande le droit d'écriture sur le module Commandes ; votre compte a le droit de lecture, sans accès à ce module.",
    ],
    [
      'a writer on an administrator’s page',
      '/403?level=10',
      'user',
      ['*'],
      "Cette page demande les droits d'administrateur ; votre compte a le droit d'écriture.",
    ],
  ] as const)('tells %s what the page needs and what the account has', async (_, path, role, scope, reason) => {
    // Act
    const said = await reasonOn(path, role, [...scope]);
    // Assess
    expect(said).toContain(reason);
  });

  it('says it in English to an English reader', async () => {
    // Prepare
    await act(() => setLanguage('en'));
    // Act
    const said = await reasonOn('/403?level=2&module=order', 'reader', ['order']);
    // Assess
    expect(said).toContain('This page needs write access to the Orders module; your account has read access.');
  });

  it.each([
    ['names no page', '/403'],
    ['names a page the account may open', '/403?level=1&module=order'],
    ['names what no page asks', '/403?level=3&module=nothing'],
  ])('says no more than the refusal when its address %s', async (_, path) => {
    // Act
    const said = await reasonOn(path, 'reader', ['order']);
    // Assess
    expect(said).toContain("Vous n'avez pas les droits nécessaires pour afficher cette page.");
  });
});
