import { useNavigation } from 'react-router';

import { AdminPage } from '../../components/admin/admin-page.tsx';
import { DropForm } from '../../components/admin/drop-form.tsx';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/drop-new';

export { loader, action } from './drop-new.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'New drop', 'Schedule a drop.');
}

export default function AdminDropNew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AdminPage id="admin-drop-new-title" title="New drop">
      <DropForm
        mode="new"
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        message={actionData?.message}
        submitting={navigation.state === 'submitting'}
      />
    </AdminPage>
  );
}
