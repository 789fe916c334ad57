import { useMemo } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { ResourcePage, columnsOf, useColumnOptions } from '../../components/ResourcePage';
import { userDetailResource } from '../../contract/resources/base-org';

/** Whose file a row is: the server joins the user's name and account onto each row. */
const OWNER_COLUMNS: DataTableColumn[] = [
  { prop: 'user_name', label: '员工', minWidth: 90 },
  { prop: 'login_id', label: '账号', minWidth: 100 },
];

/** 员工档案: one file per staff member (ID card, entry date, education, emergency contact), on ResourcePage. */
export default function StaffFilePage() {
  const options = useColumnOptions(userDetailResource);
  const columns = useMemo(() => [...OWNER_COLUMNS, ...columnsOf(userDetailResource, options)], [options]);
  return <ResourcePage def={userDetailResource} columns={columns} />;
}
