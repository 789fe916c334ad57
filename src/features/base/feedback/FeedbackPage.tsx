import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AttachmentField } from '../../../components/AttachmentField';
import type { DataTableColumn, TableRow } from '../../../components/DataTable';
import { ResourcePage } from '../../../components/ResourcePage';
import { feedbackResource } from '../../../contract/resources/system';
import { HandleFeedbackForm } from './HandleFeedbackForm';

const COLUMNS: DataTableColumn[] = [
  { prop: 'content', label: '反馈内容', minWidth: 320 },
  { prop: 'user_name', label: '提交人', width: 100 },
  { prop: 'files', label: '附件', width: 70, align: 'center', formatter: (r) => (r.files ? `${String(r.files).split(',').length} 个` : '') },
  { prop: 'state', label: '状态', width: 80 },
  { prop: 'reply', label: '处理意见', minWidth: 200 },
  { prop: 'created_at', label: '提交时间', width: 150, sortable: true },
];

/** 用户反馈: what staff sent through 用户反馈; attachments preview in place (video, image) or download. */
export default function FeedbackPage() {
  const [view, setView] = useState<TableRow | null>(null);
  return (
    <>
      <ResourcePage
        def={feedbackResource}
        columns={COLUMNS}
        perms={{ update: 'update_feedback' }}
        FormComponent={HandleFeedbackForm}
        rowActions={() => [{ key: 'view', label: '查看', onClick: setView }]}
      />
      <Modal opened={view !== null} onClose={() => setView(null)} title="反馈详情" size="lg">
        {view && (
          <Stack gap="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {String(view.content ?? '')}
            </Text>
            <Text size="xs" c="dimmed">
              {String(view.user_name ?? '')} · {String(view.created_at ?? '')}
            </Text>
            <AttachmentField label="附件" value={String(view.files ?? '')} onChange={() => undefined} readOnly />
          </Stack>
        )}
      </Modal>
    </>
  );
}
