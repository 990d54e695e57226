import type { CompanyInput } from '@cellar/shared/companies/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { resourceKey } from '../../../lib/route-key';

export const createCompany = (body: CompanyInput) =>
  callRoute(routes.companyCreate, {
    body,
    messages: { success: i18n.t('companies.created'), error: i18n.t('companies.create_error') },
  });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.companyList) }),
  });
}
