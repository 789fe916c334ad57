import { ResourcePage } from '../../../components/ResourcePage';
import { recordResource } from '../../../contract/resources/marketing';

/** 跟进记录 (call_record): every follow-up of the caller's leads, this month by default. */
export default function CallRecordScreen() {
  return <ResourcePage def={recordResource} />;
}
