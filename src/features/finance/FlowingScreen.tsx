import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { downloadStatementCall } from '../../contract/finance-flows';
import type { FieldDef } from '../../contract/resource';
import { FLOW_KINDS, providerRequestResource, type FlowKind } from '../../contract/resources/finance-flows';
import { FieldsDialog, ResourcePage } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';
import { useHasPermission } from '../../components/session';
import { formatYuan } from '../../lib/format/money';
import { ImportDialog, importButton } from './ImportDialog';

const DOWNLOAD: Record<string, FieldDef> = {
  kind: { type: 'string', label: '渠道', required: true, options: { kind: 'static', items: FLOW_KINDS.map((k) => ({ value: k.kind, text: k.channel })) } },
  school_id: { type: 'int', label: '校区', required: true, options: { kind: 'schools' } },
  day: { type: 'date', label: '对账单日期', required: true },
};

/** The toolbar's buttons: 导入对账单 and 下载对账单, each only for holders of its operation code. */
function toolbarButtons(canImport: boolean, canDownload: boolean, onImport: () => void, onDownload: () => void) {
  return (
    <Group gap="xs">
      {importButton(canImport, onImport)}
      {canDownload ? (
        <Button size="xs" variant="light" onClick={onDownload}>
          下载对账单
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * 渠道流水: import a channel statement (any channel), ask a channel for its statement of a day, and
 * read what the built-in provider was asked (渠道请求记录): no channel is reachable, nothing is sent.
 */
export default function FlowingScreen() {
  const can = useHasPermission();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [reload, setReload] = useState<() => void>(() => () => undefined);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        各渠道流水由对账单导入；渠道查询、对账单下载等请求由内置渠道记录在下表，不会发往任何支付机构。
      </Text>
      <ResourcePage
        def={providerRequestResource}
        toolbar={(ctx) =>
          toolbarButtons(
            can('fin_flow_import_statement'),
            can('fin_flow_download_statement'),
            () => {
              setReload(() => ctx.reload);
              setImporting(true);
            },
            () => {
              setReload(() => ctx.reload);
              setDownloading(true);
            },
          )
        }
      />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} onDone={() => reload()} />
      <FieldsDialog
        title={downloading ? '下载对账单' : null}
        fields={DOWNLOAD}
        confirmLabel="下载"
        onClose={() => setDownloading(false)}
        onSubmit={async (v) => {
          const got = await callApi(downloadStatementCall, { body: { kind: String(v.kind ?? '') as FlowKind, school_id: Number(v.school_id), day: String(v.day ?? '').slice(0, 10) } });
          notifySuccess(`${got.day} 对账单：${got.count} 笔，合计 ${formatYuan(got.amount)} 元（内置渠道，已记录请求）`);
          reload();
        }}
      />
    </Stack>
  );
}
