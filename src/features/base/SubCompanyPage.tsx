import { ResourcePage } from '../../components/ResourcePage';
import { subCompanyResource } from '../../contract/resources/base-org';

/** 分公司: a plain list from its declaration. */
export default function SubCompanyPage() {
  return <ResourcePage def={subCompanyResource} />;
}
