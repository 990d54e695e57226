import { routes } from '@cellar/shared/routes/table';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

export interface ServicePermission {
  companyId: string;
  /** `<carrierId>:<serviceCode>` (shared serviceTarget). */
  target: string;
  granted: boolean;
}

/** Adds (PUT) or removes (DELETE) one carrier service of a company. */
export const setServicePermission = ({ companyId, target, granted }: ServicePermission) =>
  callRoute(granted ? routes.companyPermissionAdd : routes.companyPermissionRemove, {
    params: { id: companyId, type: 'services', target },
    messages: { update: i18n.t('companies.carrier_saved') },
  });

export const useSetServicePermission = () => useMutation({ mutationFn: setServicePermission });
