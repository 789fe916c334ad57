import { ResourcePage } from '../../components/ResourcePage';
import { districtResource } from '../../contract/resources/base-org';

/** 行政区划: the district tree beside its list; a node lists its direct children. */
export default function DistrictPage() {
  return <ResourcePage def={districtResource} treeFilter={{ title: '行政区划', url: 'api/v1/base_district/tree', field: 'parent_id', showAll: true }} />;
}
