import type { CompanyInput } from '@cellar/shared/companies/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { resourceKey } from '../../../lib/route-key';

export const updateCompany = ({ id, body }: { id: string; body: CompanyInput }) =>
  callRoute(routes.companyUpdate, {
    params: { id },
    body,
    messages: { update: i18n.t('companies.updated'), error: i18n.t('companies.update_error') },
  });

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.companyList) }),
  });
}
