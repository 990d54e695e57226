import { routes } from '@cellar/shared/routes/table';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

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
  });

export const useSetServicePermission = () => useMutation({ mutationFn: setServicePermission });
