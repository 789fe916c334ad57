import { monthDataResource, monthLeadResource } from '../../contract/resources/teaching-results';
import { ResourceTabs } from './ResourceTabs';

/** 月度数据: a campus's teaching figures by month, and the detail of the leads referred (资源明细). */
export default function MonthDataScreen() {
  return (
    <ResourceTabs
      tabs={[
        { value: 'month', label: '月度数据', def: monthDataResource },
        { value: 'leads', label: '资源明细', def: monthLeadResource },
      ]}
    />
  );
}
