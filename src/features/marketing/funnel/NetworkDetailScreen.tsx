import { quaoTreeCall } from '../../../contract/marketing-funnel';
import { networkDetailResource } from '../../../contract/resources/marketing-funnel';
import { ResourcePage } from '../../../components/ResourcePage';

const TREE = { title: '网络渠道', url: quaoTreeCall.path, field: 'quao', showAll: true };

/** 网络明细: daily spend and results per platform and promotion account, filtered by the channel tree (get_quao_tree). */
export default function NetworkDetailScreen() {
  return <ResourcePage def={networkDetailResource} treeFilter={TREE} />;
}
