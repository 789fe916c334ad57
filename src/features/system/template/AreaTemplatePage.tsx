import { areaTemplateDetailResource, areaTemplateResource } from '../../../contract/resources/system';
import { TemplatePage } from './TemplatePage';

/** 区域模板 and their details. */
export default function AreaTemplatePage() {
  return <TemplatePage template={areaTemplateResource} detail={areaTemplateDetailResource} detailTitle="模板明细" />;
}
