import { callApi } from '../../api/call';
import {
  accountRefundCall,
  balanceCall,
  checkModifyBalanceCall,
  depositCall,
  findStudentsCall,
  flowAddCall,
  flowDeleteCall,
  modifyBalanceCall,
  receiptCancelCall,
  receiptDetailCall,
  transferCall,
} from '../../contract/finance-accounts';
import type { Sent } from '../../contract/call';

/** A money write sent once per dialog: the key makes a double click or a retry answer the first result. */
const once = (key: string) => ({ idempotencyKey: key });

export const financeApi = {
  findStudents: (keyword: string) => callApi(findStudentsCall, { query: { keyword } }),
  balance: (studentId: number) => callApi(balanceCall, { query: { student_id: studentId } }),
  deposit: (body: Sent<NonNullable<typeof depositCall.body>>, key: string) => callApi(depositCall, { body }, once(key)),
  refund: (body: Sent<NonNullable<typeof accountRefundCall.body>>, key: string) => callApi(accountRefundCall, { body }, once(key)),
  transfer: (body: Sent<NonNullable<typeof transferCall.body>>, key: string) => callApi(transferCall, { body }, once(key)),
  modifyBalance: (body: Sent<NonNullable<typeof modifyBalanceCall.body>>, key: string) => callApi(modifyBalanceCall, { body }, once(key)),
  checkModifyBalance: (body: Sent<NonNullable<typeof checkModifyBalanceCall.body>>) => callApi(checkModifyBalanceCall, { body }),
  addFlow: (body: Sent<NonNullable<typeof flowAddCall.body>>, key: string) => callApi(flowAddCall, { body }, once(key)),
  reverseFlow: (id: number, reason: string) => callApi(flowDeleteCall, { body: { id, reason } }),
  receiptDetail: (id: number) => callApi(receiptDetailCall, { query: { id } }),
  cancelReceipt: (id: number, reason: string) => callApi(receiptCancelCall, { body: { id, reason } }),
};

export function newKey(): string {
  return crypto.randomUUID();
}
