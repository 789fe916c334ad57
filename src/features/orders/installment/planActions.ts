import type { FieldDef } from '../../../contract/resource';
import { OVERDUE_MEASURES } from '../../../contract/resources/orders-extras';
import { callApi } from '../../../api/call';
import { overdueRecoveryCall, overdueTreatmentCall, transferInstallmentCall, withholdingAuthorizationCall } from '../../../contract/orders-extras';
import type { FormValue } from '../../../components/ResourcePage';

/** The plan's small dialogs: their fields (FieldsDialog) and the call each sends. */
export type PlanStep = 'treat' | 'recover' | 'withhold' | 'transfer';

const note = (label: string): FieldDef => ({ type: 'string', label, required: true, max: 255, input: 'textarea' });

export const STEP_FIELDS: Record<PlanStep, Readonly<Record<string, FieldDef>>> = {
  treat: { measure: { type: 'int', label: '处理措施', required: true, options: { kind: 'static', items: OVERDUE_MEASURES } }, note: note('处理说明') },
  recover: { note: note('恢复说明') },
  withhold: {
    agreement_no: { type: 'string', label: '代扣协议号', required: true, max: 64 },
    account: { type: 'string', label: '代扣账户', required: true, max: 19, placeholder: '12到19位银行卡号' },
  },
  // the server refuses a student of another campus (转入学员须与分期订单在同一校区)
  transfer: { to_student_id: { type: 'int', label: '转入学员', required: true, min: 1, ref: { resource: 'student', label: ['name'] } }, note: note('转让原因') },
};

export const STEP_TITLES: Record<PlanStep, string> = { treat: '逾期处理', recover: '逾期恢复', withhold: '代扣授权', transfer: '分期订单转让' };

const str = (v: FormValue | undefined): string => (v === null || v === undefined ? '' : String(v)).trim();

/** Sends one step for plan `id`; answers the success message. */
export async function runStep(step: PlanStep, id: number, v: Readonly<Record<string, FormValue>>): Promise<string> {
  switch (step) {
    case 'treat':
      await callApi(overdueTreatmentCall, { body: { id, measure: Number(v.measure), note: str(v.note) } });
      return '已记录逾期处理';
    case 'recover':
      await callApi(overdueRecoveryCall, { body: { id, note: str(v.note) } });
      return '分期订单已恢复';
    case 'withhold': {
      const out = await callApi(withholdingAuthorizationCall, { body: { id, agreement_no: str(v.agreement_no), account: str(v.account) } });
      return `代扣已授权，账户 ${out.withholding_account}`;
    }
    case 'transfer':
      await callApi(transferInstallmentCall, { body: { id, to_student_id: Number(v.to_student_id), note: str(v.note) } });
      return '分期订单已转让，订单随之转给转入学员';
  }
}
