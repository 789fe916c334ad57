import { ResourcePage } from '../../components/ResourcePage';
import { organResource } from '../../contract/resources/base-org';

/** 机构管理: the organ tree beside its list. */
export default function OrganPage() {
  return <ResourcePage def={organResource} treeFilter={{ title: '机构', url: 'api/v1/base_organ/tree', field: 'parent_id', showAll: true }} />;
}
