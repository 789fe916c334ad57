import { ACCOUNT_REFUND_REF_TYPE } from '../../../contract/workflow-apps';
import { ApplyScreen, type AcceptStep } from '../apply/ApplyScreen';
import { AcceptStudentDialog } from './AcceptStudentDialog';

const ACCEPT: AcceptStep = { label: '受理学员', Dialog: AcceptStudentDialog };

/** 账户余额退费: accept a student (受理学员), then ask to pay back part of their account on the definition's form. */
export default function AccountRefundScreen() {
  return <ApplyScreen tag={ACCOUNT_REFUND_REF_TYPE} title="账户余额退费" accept={ACCEPT} />;
}
