import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrincipal } from '../../lib/auth';
import { moduleChoices, moduleLabel } from './module-choices';

/** The modules of a user or a company, chosen among the current user's own. */
export function ModuleSelect(props: Omit<MultiSelectProps, 'data'>) {
  const { t } = useTranslation();
  const { scope } = usePrincipal();
  const data = useMemo(
    () =>
      moduleChoices(scope).map((g) => ({
        group: t(g.group),
        items: g.scopes.map((s) => ({ value: s, label: t(moduleLabel(s)) })),
      })),
    [scope, t],
  );
  return (
    <MultiSelect
      label={t('users.fields.modules')}
      searchable
      clearable
      nothingFoundMessage={t('common.no_data')}
      {...props}
      data={data}
    />
  );
}
