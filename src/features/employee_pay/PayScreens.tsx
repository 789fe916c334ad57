import { PayScreen } from './PayScreen';

/** 课程顾问提成 (BC) */
export function BcScreen() {
  return <PayScreen kind="BC" />;
}
/** 校长奖金 (BM) */
export function BmScreen() {
  return <PayScreen kind="BM" />;
}
/** 校长兼顾问薪酬 (BMBC) */
export function BmbcScreen() {
  return <PayScreen kind="BMBC" />;
}
/** 市场提成 (MK) */
export function MkScreen() {
  return <PayScreen kind="MK" />;
}
/** 老师课时费 (ltFee) */
export function LtFeeScreen() {
  return <PayScreen kind="ltFee" />;
}
