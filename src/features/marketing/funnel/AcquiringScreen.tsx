import { ACTIVITY_ACQUIRING, acquiringTableResource, activityResource } from '../../../contract/resources/marketing-funnel';
import { MasterDetailPage } from '../../../components/ResourcePage';

const FIXED = { type: ACTIVITY_ACQUIRING };

/** 地推管理: acquiring activities (add activity) and the tables of each (add table: stall, staff, leads collected). */
export default function AcquiringScreen() {
  return (
    <MasterDetailPage
      master={activityResource}
      detail={acquiringTableResource}
      detailKey="activity_id"
      detailTitle="地推表"
      masterProps={{ fixedFilters: FIXED, newDefaults: FIXED }}
    />
  );
}
