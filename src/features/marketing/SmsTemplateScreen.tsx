import { Alert, Button, Group, Modal, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { callApi } from '../../api/call';
import { SMS_MAX_PHONES, SMS_PLACEHOLDER, smsSendCall } from '../../contract/marketing-plans';
import { smsGroupResource, smsRecordResource, smsTemplateResource } from '../../contract/resources/marketing-plans';
import { ResourcePage } from '../../components/ResourcePage';
import type { TableRow } from '../../components/DataTable';
import { notifyError, notifySuccess } from '../../components/feedback';

interface SendState {
  id: number;
  name: string;
  content: string;
  placeholders: string[];
}

/** The placeholders of a template's text, each once, in order. */
function placeholdersOf(content: string): string[] {
  return [...new Set([...content.matchAll(SMS_PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * 短信模板: the templates (with their 短信分组 in the second tab), a 发送 button per template that
 * sends through the configured SMS provider, and what was sent (发送记录: the built-in provider
 * records the message and sends nothing).
 */
export default function SmsTemplateScreen() {
  const [tab, setTab] = useState<string | null>('template');
  const [send, setSend] = useState<SendState | null>(null);
  const [phones, setPhones] = useState('');
  const [params, setParams] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const open = (row: TableRow) => {
    const content = String(row.content ?? '');
    setSend({ id: Number(row.id), name: String(row.name ?? ''), content, placeholders: placeholdersOf(content) });
    setPhones('');
    setParams({});
  };
  const submit = async () => {
    if (!send) return;
    setSending(true);
    try {
      const sent = await callApi(smsSendCall, { body: { template_id: send.id, phones: phones.split(/[\s,，;；]+/).filter(Boolean), params } });
      notifySuccess(`已提交 ${sent.length} 条短信，可在发送记录中查看`);
      setSend(null);
      setTab('record');
    } catch (e) {
      notifyError(errorMessage(e, '发送短信失败'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="template">短信模板</Tabs.Tab>
          <Tabs.Tab value="group">短信分组</Tabs.Tab>
          <Tabs.Tab value="record">发送记录</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="template">
          <ResourcePage
            def={smsTemplateResource}
            rowActions={() => [{ key: 'send', label: '发送', perm: 'mkt_sms_template_send', visible: (r) => Number(r.state) === 1, onClick: open }]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="group">
          <ResourcePage def={smsGroupResource} />
        </Tabs.Panel>
        <Tabs.Panel value="record">
          <ResourcePage def={smsRecordResource} />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={send !== null} onClose={() => setSend(null)} title={`发送短信：${send?.name ?? ''}`} size="lg" centered>
        <Stack>
          <Text size="sm" c="dimmed">
            {send?.content}
          </Text>
          <Textarea
            label="手机号"
            description={`每行一个或用逗号分隔，一次最多 ${SMS_MAX_PHONES} 个`}
            autosize
            minRows={3}
            maxRows={10}
            value={phones}
            onChange={(e) => setPhones(e.currentTarget.value)}
          />
          {send?.placeholders.map((key) => (
            <TextInput
              key={key}
              label={`占位符 {${key}}`}
              maxLength={64}
              value={params[key] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setParams((p) => ({ ...p, [key]: value }));
              }}
            />
          ))}
          <Alert color="gray" variant="light">
            未配置短信服务商时，系统使用内置服务商：只记录短信内容，不会真正发出。
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSend(null)}>
              取消
            </Button>
            <Button onClick={() => void submit()} loading={sending}>
              发送
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
