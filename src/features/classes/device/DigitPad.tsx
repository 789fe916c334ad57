import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import type { ChangeEvent, KeyboardEvent } from 'react';

interface DigitPadProps {
  value: string;
  onChange(v: string): void;
  onSubmit(): void;
  busy: boolean;
  /** the field's label (PIN, 家长手机后四位) */
  label: string;
  maxLength: number;
  /** whether the value may be submitted */
  valid(v: string): boolean;
  submitText: string;
  masked: boolean;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** A large digit pad for a tablet, over a field that also takes a keyboard (Enter submits). */
export function DigitPad({ value, onChange, onSubmit, busy, label, maxLength, valid, submitText, masked }: DigitPadProps) {
  const press = (d: string) => {
    if (value.length < maxLength) onChange(value + d);
  };
  const field = {
    label,
    value,
    size: 'xl' as const,
    maxLength,
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, maxLength)),
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter' && valid(value) && !busy) onSubmit();
    },
  };
  return (
    <Stack gap="sm" maw={360} w="100%">
      {masked ? <PasswordInput {...field} /> : <TextInput {...field} />}
      <SimpleGrid cols={3} spacing="xs">
        {KEYS.map((k) => (
          <Button key={k} size="xl" variant="default" onClick={() => press(k)} aria-label={`数字${k}`}>
            {k}
          </Button>
        ))}
        <Button size="xl" variant="default" onClick={() => onChange(value.slice(0, -1))} aria-label="删除一位">
          <IconBackspace />
        </Button>
        <Button size="xl" variant="default" onClick={() => press('0')} aria-label="数字0">
          0
        </Button>
        <Button size="xl" onClick={onSubmit} disabled={!valid(value)} loading={busy}>
          {submitText}
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
