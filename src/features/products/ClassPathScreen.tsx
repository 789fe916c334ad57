import { classPathResource, classPathStepResource } from '../../contract/resources/products';
import { MasterDetailPage } from '../../components/ResourcePage';

/** 课程路径: the paths; each row opens its steps (the class types in the order a child takes them). */
export default function ClassPathScreen() {
  return <MasterDetailPage master={classPathResource} detail={classPathStepResource} detailKey="class_path_id" detailTitle="路径阶段" size="70%" />;
}
