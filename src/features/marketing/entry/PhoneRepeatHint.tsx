import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../../api/call';
import { FieldInput, type FormValue } from '../../../components/ResourcePage';
import type { FieldDef } from '../../../contract/resource';
import { checkPhoneRepeatCall } from '../../../contract/marketing';

const PHONE = /^1\d{10}$/;

/** The phone a moment after typing stops, once it is a whole mobile number (no call per key). */
function useSettledPhone(value: FormValue): string | null {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const text = value === null ? '' : String(value).trim();
    const t = setTimeout(() => setSettled(PHONE.test(text) ? text : null), 400);
    return () => clearTimeout(t);
  }, [value]);
  return settled;
}

/** 手机号查重 while the phone is typed: who already holds it in the caller's campuses (check_phone_repeat). */
export function PhoneRepeatHint({ value }: { value: FormValue }) {
  const phone = useSettledPhone(value);
  const { data, isError } = useQuery({
    queryKey: ['mkt-phone-repeat', phone],
    enabled: phone !== null,
    staleTime: 10_000,
    queryFn: () => callApi(checkPhoneRepeatCall, { query: { phone: phone ?? '' } }),
  });
  if (phone === null || isError || !data) return null;
  if (!data.repeat)
    return (
      <Text size="xs" c="teal" mt={4} data-testid="phone-repeat-ok">
        该手机号未登记，可以添加
      </Text>
    );
  return (
    <Alert color="orange" variant="light" p={6} mt={4} data-testid="phone-repeat">
      <Text size="xs">{data.msg}</Text>
      {data.owners.map((o) => (
        <Text size="xs" c="dimmed" key={o.id}>
          {o.name}（{o.school_name ?? ''}，{o.pool_text}
          {o.tmk_name || o.seller_name ? `，负责人${o.tmk_name ?? o.seller_name ?? ''}` : ''}）
        </Text>
      ))}
    </Alert>
  );
}

/** A phone input of a declared form with the duplicate check under it. */
export function PhoneWithCheck(props: { name: string; field: FieldDef; value: FormValue; onChange: (v: FormValue) => void; error?: string }) {
  return (
    <div>
      <FieldInput {...props} />
      <PhoneRepeatHint value={props.value} />
    </div>
  );
}
