import { userTemplateDetailResource, userTemplateResource } from '../../../contract/resources/system';
import { TemplatePage } from './TemplatePage';

/** 用户模板 and their details. */
export default function UserTemplatePage() {
  return <TemplatePage template={userTemplateResource} detail={userTemplateDetailResource} detailTitle="模板明细" />;
}
