import { ResourceForm, ResourcePage, type ResourceFormProps } from '../../../components/ResourcePage';
import { referralResource } from '../../../contract/resources/marketing-screens';
import { useColumnsWithTime } from './createdColumn';
import { PhoneWithCheck } from './PhoneRepeatHint';

/** The referral's dialog: the declared form with the phone checked while typed. */
function ReferralForm(props: ResourceFormProps) {
  return (
    <ResourceForm
      {...props}
      renderField={(name, input) => (name === 'parent_phone' ? <PhoneWithCheck name={name} field={referralResource.fields.parent_phone} value={input.value} onChange={input.onChange} error={input.error} /> : undefined)}
    />
  );
}

/**
 * 老学员添加学员: an existing student's family refers new children. 新增 picks the referring student
 * and makes the lead (source 转介绍) in that student's campus; the list shows the referrals made.
 */
export default function ReferralScreen() {
  const columns = useColumnsWithTime(referralResource, '推荐时间');
  return <ResourcePage def={referralResource} columns={columns} FormComponent={ReferralForm} />;
}
