import { ActionIcon, Anchor, Box, Button, FileButton, Group, Image, Input, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { request } from '../../api/request';
import { PATHS, type Attachment } from '../../contract/paths';
import { formatDurationMs, formatFileSize } from '../../lib/format';
import { confirmAction, notifyError, notifyInfo, notifySuccess } from '../feedback';
import {
  DEFAULT_FILE_LIMIT,
  MSG_CANCELLED,
  MSG_DELETE_CONFIRM,
  MSG_DELETED,
  MSG_UPLOADED,
  MSG_UPLOAD_FAILED,
  idsOf,
  previewKind,
  recordsOf,
  uploadRefusal,
} from './rules';
import { signedFileAddress, uploadFile } from './upload';

export interface AttachmentFieldProps {
  label?: string;
  /** comma-joined attachment ids */
  value: string;
  /** comma-joined ids of the list, '' when none */
  onChange: (ids: string) => void;
  /** most files allowed (default 1,000,000) */
  limit?: number;
  /** only audio, image and video */
  mediaOnly?: boolean;
  accept?: string;
  readOnly?: boolean;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
}

async function lookup(ids: string): Promise<Attachment[]> {
  const env = await request<Attachment | Attachment[]>({ url: PATHS.attachmentGet, params: { id: ids }, silent: true });
  if (env.code !== 200) throw new Error(env.msg || '附件查询失败');
  return recordsOf(env.data);
}

/** Upload, list, preview and remove attachments (spec doc 000 §4, §5, §9). */
export function AttachmentField({ label, value, onChange, limit = DEFAULT_FILE_LIMIT, mediaOnly = false, accept, readOnly, error, onUploadingChange }: AttachmentFieldProps) {
  const [list, setList] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<{ kind: 'video' | 'image'; att: Attachment; src: string } | null>(null);
  const deletedSinceUpload = useRef(false);
  const lastEmitted = useRef<string | null>(null);

  // Load the records of ids that come from the parent (an edited row); our own changes are not reloaded.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    let alive = true;
    (value ? lookup(value) : Promise.resolve([]))
      .then((l) => alive && setList(l))
      .catch(() => alive && setList([]));
    return () => {
      alive = false;
    };
  }, [value]);

  const emit = (next: Attachment[]) => {
    setList(next);
    const ids = idsOf(next);
    lastEmitted.current = ids;
    onChange(ids);
  };
  const setBusy = (b: boolean) => {
    setUploading(b);
    onUploadingChange?.(b);
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    const refused = uploadRefusal(file, list.length, limit, mediaOnly);
    if (refused) {
      notifyError(refused);
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      const env = await uploadFile(file, setProgress);
      if (env.code !== 200 || env.data === null || env.data === undefined || env.data === '') {
        notifyError(MSG_UPLOAD_FAILED);
        return;
      }
      notifySuccess(MSG_UPLOADED);
      const newIds = String(env.data);
      const replace = deletedSinceUpload.current || newIds.includes(',');
      try {
        const records = await lookup(replace ? [idsOf(list), newIds].filter(Boolean).join(',') : newIds);
        deletedSinceUpload.current = false;
        emit(replace || records.length > 1 ? records : [...list, ...records]);
      } catch {
        emit([]);
      }
    } catch {
      notifyError(MSG_UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (att: Attachment) => {
    if (!(await confirmAction(MSG_DELETE_CONFIRM))) {
      notifyInfo(MSG_CANCELLED);
      return;
    }
    deletedSinceUpload.current = true;
    emit(list.filter((a) => a.id !== att.id));
    notifySuccess(MSG_DELETED);
  };

  // Files are opened through a signed address: the elements and the link cannot send the session headers.
  const open = async (att: Attachment) => {
    const kind = previewKind(att.ext);
    const src = await signedFileAddress(att);
    if (kind !== 'download') {
      setPreview({ kind, att, src });
      return;
    }
    window.open(src, '_blank');
  };

  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap={4} mt={2}>
        {!readOnly && (
          <Group gap={6}>
            <FileButton onChange={upload} accept={accept ?? (mediaOnly ? 'audio/*,image/*,video/*' : undefined)} disabled={uploading}>
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={uploading}>
                  上传文件
                </Button>
              )}
            </FileButton>
            {uploading && (
              <Text size="xs" c="dimmed">
                上传中…
              </Text>
            )}
          </Group>
        )}
        {uploading && <Progress value={progress} size="sm" aria-label="上传进度" />}
        {list.map((att) => (
          <Group key={att.id} gap={6} wrap="nowrap">
            <IconPaperclip size={14} />
            <Anchor component="button" type="button" size="sm" onClick={() => void open(att)} truncate>
              {att.name}
            </Anchor>
            {att.size ? (
              <Text size="xs" c="dimmed">
                {formatFileSize(att.size)}
              </Text>
            ) : null}
            {att.duration ? (
              <Text size="xs" c="dimmed" aria-label="时长">
                {formatDurationMs(att.duration)}
              </Text>
            ) : null}
            {!readOnly && (
              <ActionIcon size="sm" variant="subtle" color="red" aria-label={`删除 ${att.name}`} onClick={() => remove(att)}>
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={preview?.att.name} size="lg" centered>
        {preview?.kind === 'video' && (
          <Box component="video" src={preview.src} controls autoPlay w="100%" aria-label="视频预览" />
        )}
        {preview?.kind === 'image' && <Image src={preview.src} alt={preview.att.name} fit="contain" mah="70vh" />}
      </Modal>
    </Input.Wrapper>
  );
}
