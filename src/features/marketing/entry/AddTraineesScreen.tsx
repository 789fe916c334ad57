import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useOptions } from '../../../components/options';
import { ResourceForm } from '../../../components/ResourcePage';
import type { OptionSource } from '../../../contract/resource';
import { resourceResource } from '../../../contract/resources/marketing';
import { PhoneWithCheck } from './PhoneRepeatHint';

const SCHOOLS: OptionSource = { kind: 'schools' };

/**
 * 添加学员: the quick entry of a new family at the desk or on the phone, on the lead's own declared
 * form (mkt_resource/add). The phone is checked while typed (check_phone_repeat, naming who holds
 * it); the server refuses a phone live in the same campus anyway. A telemarketer's or a seller's
 * lead is theirs, anyone else's waits in the campus's 待分配 pool.
 */
export default function AddTraineesScreen() {
  // a new form after each save or 取消 (the form keeps its own values)
  const [round, setRound] = useState(0);
  // one campus (the front desk, a telemarketer) is filled in; several are chosen
  const schools = useOptions(SCHOOLS);
  const only = schools.items.length === 1 ? schools.items[0].value : undefined;
  const start = useMemo<Record<string, unknown>>(() => (only === undefined ? {} : { school_id: only }), [only]);
  return (
    <Paper withBorder p="md" maw={760}>
      <Stack gap="sm">
        <div>
          <Title order={5}>添加学员</Title>
          <Text size="xs" c="dimmed">
            录入新的潜在学员，保存后进入资源管理；手机号会先在所辖校区内查重。
          </Text>
        </div>
        <ResourceForm
          key={`${round}-${String(only)}`}
          def={resourceResource}
          mode="add"
          initial={start}
          onClose={() => setRound((r) => r + 1)}
          renderField={(name, input) => (name === 'parent_phone' ? <PhoneWithCheck name={name} field={resourceResource.fields.parent_phone} value={input.value} onChange={input.onChange} error={input.error} /> : undefined)}
        />
      </Stack>
    </Paper>
  );
}
