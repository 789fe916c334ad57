import { randomUUID } from 'node:crypto';

/**
 * The SMS provider interface: the send call (sms-send.ts) talks only to this, so a real provider
 * (阿里云短信, 腾讯云短信 …) plugs in without changing callers. No provider is reachable from this
 * product's machines, so the built-in one records what it would send and sends nothing; every
 * message, whatever the provider, is kept in 短信发送记录 (mkt_sms_record).
 */

export interface SmsMessage {
  phone: string;
  signName: string;
  /** the provider's own template code, when the template names one */
  templateCode: string | null;
  /** the text with its placeholders filled */
  content: string;
  params: Readonly<Record<string, string>>;
}

export interface SmsResult {
  /** recorded: kept, not sent (the built-in provider); sent: accepted by the provider */
  state: 'recorded' | 'sent' | 'failed';
  messageId: string | null;
  error?: string;
}

export interface SmsProvider {
  /** shown in 短信发送记录 */
  readonly name: string;
  send(message: SmsMessage): Promise<SmsResult>;
}

/** The built-in provider: sends nothing, answers a local receipt number. */
export const recordingSmsProvider: SmsProvider = {
  name: '内置记录',
  async send() {
    return { state: 'recorded', messageId: `LOCAL-${randomUUID()}` };
  },
};

const PROVIDERS: Readonly<Record<string, SmsProvider>> = { record: recordingSmsProvider };

/** The provider the environment names (`SMS_PROVIDER`, default `record`); an unknown name stops the start. */
export function smsProviderFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): SmsProvider {
  const name = env.SMS_PROVIDER || 'record';
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`环境变量 SMS_PROVIDER 的值 "${name}" 不是已知的短信服务商，可选：${Object.keys(PROVIDERS).join('、')}`);
  return provider;
}

let current: SmsProvider | undefined;

/** The provider in use (chosen from the environment at the first send). */
export function smsProvider(): SmsProvider {
  current ??= smsProviderFromEnv();
  return current;
}

/** Puts another provider in place (a real one, or a test's); answers a function putting the previous back. */
export function useSmsProvider(provider: SmsProvider): () => void {
  const previous = current;
  current = provider;
  return () => {
    current = previous;
  };
}
