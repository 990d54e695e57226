/**
 * The user imports: /client-user/{companyId}/import (the company's account locked; an admin's own company) and
 * /user/import (the administration: a superadmin picks the account, an admin imports into its own).
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import { useParams } from 'react-router';
import { clientUserListPath, paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { ImportRoute } from './import-page';

export function UserImportRoute({ administration }: { administration: boolean }) {
  const { companyId } = useParams();
  const superadmin = isSuperadmin(usePrincipal());
  const list = administration ? paths.users.list : superadmin ? paths.clientUsers.companyList : paths.clientUsers.list;
  return (
    <ImportRoute
      template="user"
      title={paths.users.import.title}
      listPath={administration ? list.path : clientUserListPath(superadmin ? companyId : undefined)}
      listTitle={list.title}
    />
  );
}
