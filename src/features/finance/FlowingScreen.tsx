import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { providerRequestResource } from '../../contract/resources/finance-flows';
import { ResourcePage } from '../../components/ResourcePage';
import { useHasPermission } from '../../components/session';
import { ImportDialog, importButton } from './ImportDialog';

/**
 * 渠道流水: import a channel statement (any channel) and read what the built-in provider was
 * asked (渠道请求记录): no channel is reachable, nothing is sent.
 */
export default function FlowingScreen() {
  const can = useHasPermission();
  const [importing, setImporting] = useState(false);
  const [reload, setReload] = useState<() => void>(() => () => undefined);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        各渠道流水由对账单导入；渠道查询等请求由内置渠道记录在下表，不会发往任何支付机构。
      </Text>
      <ResourcePage
        def={providerRequestResource}
        toolbar={(ctx) =>
          importButton(can('fin_flow_import_statement'), () => {
            setReload(() => ctx.reload);
            setImporting(true);
          })
        }
      />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} onDone={() => reload()} />
    </Stack>
  );
}
