import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { signedFileAddress } from '../../../components/AttachmentField';
import { notifyError } from '../../../components/feedback';
import { STEP_FILES_REF_TYPE, type StepFile } from '../../../contract/workflow';
import { formatFileSize } from '../../../lib/format';

/** The files of one step (uploaded by that step's user), opened through a short-lived signed address signed as the application's files. */
export function StepFiles({ files, uploader, instanceId }: { files: readonly StepFile[]; uploader: string; instanceId: number }) {
  if (files.length === 0) return null;
  const open = async (f: StepFile) => {
    try {
      window.open(await signedFileAddress(f, { ref_type: STEP_FILES_REF_TYPE, ref_id: instanceId }), '_blank');
    } catch {
      notifyError('附件打开失败');
    }
  };
  return (
    <Stack gap={2} mt={4} data-testid="step-files">
      <Text size="xs" c="dimmed">
        附件（{uploader} 上传）
      </Text>
      {files.map((f) => (
        <Group key={f.id} gap={4} wrap="nowrap">
          <IconPaperclip size={12} />
          <Anchor component="button" type="button" size="xs" truncate onClick={() => void open(f)}>
            {f.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatFileSize(f.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
