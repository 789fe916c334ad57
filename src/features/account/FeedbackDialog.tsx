import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { feedbackAddCall } from '../../contract/feedback';
import { enqueueAndWait } from '../../offline/outbox';
import { notifyError, notifyInfo, notifySuccess } from '../../components/feedback';
import { AttachmentField } from '../../components/AttachmentField';

export const FEEDBACK_REQUIRED = '请输入反馈内容';
const MAX_CONTENT = 2000;

/**
 * 用户反馈: content required (on blur and on submit), attachments as comma-joined ids in `files`;
 * sent through the outbox so it survives going offline.
 */
export function FeedbackDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Opens in add mode with an empty form, no attachments and no validation messages (spec doc 000 §4).
  useEffect(() => {
    if (opened) {
      setContent('');
      setFiles('');
      setError(null);
    }
  }, [opened]);

  // Closing resets the attachments too, so the next opening starts clean.
  function close() {
    setFiles('');
    onClose();
  }

  function validate(v: string): string | null {
    if (!v.trim()) return FEEDBACK_REQUIRED;
    if (v.length > MAX_CONTENT) return `反馈内容不能超过${MAX_CONTENT}个字符`;
    return null;
  }

  async function submit() {
    const err = validate(content);
    setError(err);
    if (err) return;
    setBusy(true);
    try {
      const body = { content: content.trim(), files };
      const { outcome } = await enqueueAndWait({ call: feedbackAddCall, body, kind: 'feedback', label: `用户反馈：${body.content.slice(0, 20)}` });
      if (outcome.state === 'done') {
        notifySuccess('反馈成功');
        close();
      } else if (outcome.state === 'rejected') {
        notifyError(outcome.msg || '反馈失败');
      } else if (outcome.state === 'queued') {
        notifyInfo('网络不可用，反馈已保存，联网后自动提交');
        close();
      } else {
        close();
      }
    } catch {
      notifyError('反馈失败');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="用户反馈" size="lg" closeButtonProps={{ 'aria-label': '关 闭' }}>
      <Stack gap="sm">
        <Textarea
          label="反馈内容"
          withAsterisk
          placeholder="请描述您遇到的问题或建议"
          autosize
          minRows={5}
          maxRows={12}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          onBlur={() => setError(validate(content))}
          error={error}
        />
        <AttachmentField label="附件" value={files} onChange={setFiles} onUploadingChange={setUploading} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            取 消
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={uploading}>
            提 交
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
