import type { TestServer } from '../helpers';

export type Row = Record<string, unknown> & { id: number };
export interface Page<T> {
  content: T[];
  totalSize: number;
}

export const api = (p: string) => `/api/v1/${p}`;

export async function schoolId(s: TestServer, code: string): Promise<number> {
  const row = await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/** A statement file as the import call takes it. */
export function csvBody(kind: string, school: number, lines: readonly string[], fileName = 'statement.csv') {
  return { kind, school_id: school, file_name: fileName, content: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64') };
}

export const YB_HEADER = '易宝流水号,商户订单号,商户编号,交易时间,订单金额,手续费,交易类型,支付方式,付款人';
