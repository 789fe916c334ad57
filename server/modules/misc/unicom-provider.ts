import { randomUUID } from 'node:crypto';
import { ApiError } from '../../lib/http';

/**
 * The carrier's privacy-number (隐私号, AXB) service. The unicom calls (unicom.ts) talk only to this,
 * so a real carrier plugs in (usePrivacyNumberProvider, or a name in UNICOM_PROVIDER) without
 * changing them. No carrier is reachable from this product's machines: the built-in provider
 * `record` binds and dials nothing and answers as the carrier would; every request, whatever the
 * provider, is written with its answer to 服务商请求记录 by the callers.
 *
 * Why not the call centre's CallCenterProvider (marketing/call-center.ts): that one is a seat
 * system dialling a number for an agent; this one binds a middle number to a pair of numbers at the
 * carrier and has no agent. What they share is kept shared: a call through a binding opens the same
 * follow-up record (跟进记录) as the call centre's click-to-call, through the marketing area.
 */
export interface BindRequest {
  account: string;
  middleNumber: string;
  staffPhone: string;
  customerPhone: string;
  expireMinutes: number;
  recordCall: boolean;
}

export interface ProviderAnswer {
  /** the carrier's answer as it would come back: recorded in 服务商请求记录 */
  raw: Record<string, unknown>;
}

export interface PrivacyNumberProvider {
  readonly name: string;
  bind(req: BindRequest): Promise<ProviderAnswer & { bindId: string }>;
  update(req: { account: string; bindId: string; expireMinutes: number }): Promise<ProviderAnswer>;
  release(req: { account: string; bindId: string }): Promise<ProviderAnswer>;
  /** the carrier rings the staff phone, then the customer, both seeing only the middle number */
  call(req: { account: string; bindId: string; middleNumber: string }): Promise<ProviderAnswer & { callId: string }>;
}

const OK = { code: '0000', msg: '成功（内置记录，未发往运营商）', simulated: true } as const;

export const recordingPrivacyProvider: PrivacyNumberProvider = {
  name: 'record',
  async bind(req) {
    const bindId = `BIND-${randomUUID()}`;
    return { bindId, raw: { ...OK, bindId, middleNumber: req.middleNumber, expiration: req.expireMinutes * 60 } };
  },
  async update(req) {
    return { raw: { ...OK, bindId: req.bindId, expiration: req.expireMinutes * 60 } };
  },
  async release(req) {
    return { raw: { ...OK, bindId: req.bindId } };
  },
  async call(req) {
    const callId = `CALL-${randomUUID()}`;
    return { callId, raw: { ...OK, bindId: req.bindId, callId } };
  },
};

const PROVIDERS: Readonly<Record<string, PrivacyNumberProvider>> = { record: recordingPrivacyProvider };

let current: PrivacyNumberProvider | undefined;

/** The provider in use: the one put in place, else the environment's `UNICOM_PROVIDER` (default `record`). */
export function privacyNumberProvider(): PrivacyNumberProvider {
  if (current) return current;
  const name = process.env.UNICOM_PROVIDER || 'record';
  const provider = PROVIDERS[name];
  // a refusal in the envelope (not a fault): the calls answer it, the rest of the server works
  if (!provider) throw new ApiError(409, `环境变量 UNICOM_PROVIDER 的值 "${name}" 不是已知的隐私号服务商，可选：${Object.keys(PROVIDERS).join('、')}`);
  current = provider;
  return provider;
}

/** Puts another provider in place (a real carrier, or a test's); answers a function putting the previous back. */
export function usePrivacyNumberProvider(provider: PrivacyNumberProvider): () => void {
  const previous = current;
  current = provider;
  return () => {
    current = previous;
  };
}
