import { Box, Stack, Text } from '@mantine/core';
import { AttachmentField } from '../../../components/AttachmentField';
import { ResourceForm, type ResourceFormProps } from '../../../components/ResourcePage';
import type { ResourceDef } from '../../../contract/resource';
import { feedbackResource } from '../../../contract/resources/system';

/** Handling a feedback sets its state and reply; what the user wrote and attached is shown, never changed. */
const handleDef: ResourceDef = {
  ...feedbackResource,
  fields: {
    ...feedbackResource.fields,
    content: { ...feedbackResource.fields.content, form: false },
    files: { ...feedbackResource.fields.files, form: false },
  },
};

export function HandleFeedbackForm(props: ResourceFormProps) {
  const { initial } = props;
  return (
    <Stack gap="xs">
      <Box>
        <Text size="xs" fw={600} mb={2}>
          反馈内容
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {String(initial.content ?? '')}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          {String(initial.user_name ?? '')} · {String(initial.created_at ?? '')}
        </Text>
      </Box>
      {initial.files ? <AttachmentField label="附件" value={String(initial.files)} onChange={() => undefined} readOnly /> : null}
      <ResourceForm {...props} def={handleDef} />
    </Stack>
  );
}
