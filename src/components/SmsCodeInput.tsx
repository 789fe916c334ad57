import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';

/** The server refuses a second code within a minute (server/modules/misc/sms-code.ts). */
const RESEND_SECONDS = 60;

interface Props {
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  error?: string;
  withAsterisk?: boolean;
  /** Sends the code; resolves true when it went out, which starts the resend countdown. */
  onSend(): Promise<boolean>;
}

/** A verification-code field with its 获取验证码 button, which counts down before a resend. */
export function SmsCodeInput({ value, onChange, error, withAsterisk, onSend }: Props) {
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  async function send() {
    setSending(true);
    try {
      if (await onSend()) setWait(RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  }

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput style={{ flex: 1 }} label="验证码" withAsterisk={withAsterisk} placeholder="6位数字" inputMode="numeric" maxLength={6} autoComplete="one-time-code" value={value} onChange={onChange} error={error} />
      <Button variant="light" onClick={() => void send()} loading={sending} disabled={wait > 0} mb={error ? 22 : 0}>
        {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
      </Button>
    </Group>
  );
}
