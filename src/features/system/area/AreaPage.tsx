import { ResourcePage } from '../../../components/ResourcePage';
import { areaResource } from '../../../contract/resources/system';

/** 区域管理: the area tree beside the list; deleted areas can be shown and recovered. */
export default function AreaPage() {
  return <ResourcePage def={areaResource} treeFilter={{ title: '区域', url: 'api/v1/system/get_area_tree', field: 'parent_id', showAll: true }} />;
}
