import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { unicomDefaultCall, unicomSetCall } from '../../contract/misc-unicom';
import type { FieldDef } from '../../contract/resource';
import { FieldInput, type FormValue } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';
import { useHasPermission } from '../../components/session';

const CAMPUS: FieldDef = { type: 'int', label: '校区', required: true, options: { kind: 'schools' } };
const FIELDS: Record<string, FieldDef> = {
  enabled: { type: 'int', label: '开通隐私号', required: true, options: { kind: 'static', items: [{ value: 1, text: '开通' }, { value: 0, text: '不开通' }] } },
  account: { type: 'string', label: '隐私号账号', required: true, max: 64, placeholder: '运营商分配的账号（appKey）' },
  middle_numbers: { type: 'text', label: '中间号', required: true, max: 2000, placeholder: '多个用逗号或空格分隔' },
  expire_minutes: { type: 'int', label: '默认有效时长（分钟）', required: true, min: 5, max: 10080 },
  record_call: { type: 'int', label: '通话录音', required: true, options: { kind: 'static', items: [{ value: 1, text: '录音' }, { value: 0, text: '不录音' }] } },
};

/**
 * 系统管理 › 隐私号设置: a campus's privacy-number account, its middle numbers and the default
 * binding settings (unicom/default reads them, unicom/set saves them).
 */
export default function UnicomAccountScreen() {
  const can = useHasPermission();
  const [schoolId, setSchoolId] = useState<FormValue>(null);
  const [values, setValues] = useState<Record<string, FormValue>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settings = useQuery({
    queryKey: ['misc', 'unicom_default', schoolId],
    queryFn: () => callApi(unicomDefaultCall, { query: { school_id: Number(schoolId) } }),
    enabled: schoolId !== null && schoolId !== '',
  });

  useEffect(() => {
    const d = settings.data;
    if (d) setValues({ enabled: d.enabled ? 1 : 0, account: d.account, middle_numbers: d.middle_numbers, expire_minutes: d.expire_minutes, record_call: d.record_call ? 1 : 0 });
  }, [settings.data]);

  async function save() {
    setError(null);
    setBusy(true);
    try {
      await callApi(unicomSetCall, {
        body: {
          school_id: Number(schoolId),
          enabled: Number(values.enabled) === 1,
          account: String(values.account ?? ''),
          middle_numbers: String(values.middle_numbers ?? ''),
          expire_minutes: Number(values.expire_minutes),
          record_call: Number(values.record_call) === 1,
        },
      });
      notifySuccess('保存成功');
      void settings.refetch();
    } catch (e) {
      setError(errorMessage(e, '保存失败'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm" c="dimmed">
        隐私号（AXB）：员工与客户通话经由中间号接通，客户的真实号码不会显示给员工。运营商服务无法从本机访问，内置服务商只记录请求（系统管理 › 服务商请求记录）。
      </Text>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <FieldInput name="school_id" field={CAMPUS} value={schoolId} onChange={setSchoolId} />
          {settings.data ? (
            <>
              {!settings.data.saved ? (
                <Alert color="blue" variant="light" p="xs">
                  该校区尚未设置隐私号，下面是默认设置
                </Alert>
              ) : null}
              {Object.entries(FIELDS).map(([name, field]) => (
                <FieldInput key={name} name={name} field={field} value={values[name] ?? null} onChange={(v) => setValues((old) => ({ ...old, [name]: v }))} />
              ))}
              {error ? (
                <Alert color="red" variant="light" p="xs" role="alert">
                  {error}
                </Alert>
              ) : null}
              {can('unicom_set') ? (
                <Group justify="flex-end">
                  <Button onClick={() => void save()} loading={busy}>
                    保 存
                  </Button>
                </Group>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              请选择校区
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
