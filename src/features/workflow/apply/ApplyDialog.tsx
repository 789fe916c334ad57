import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { AttachmentField } from '../../../components/AttachmentField';
import { DialogActions, useDialogSubmit } from '../../../components/feedback';
import { useOptions } from '../../../components/options';
import { createInstanceCall, prerunCall, type PathNode } from '../../../contract/workflow';
import { loadDefineForm } from '../api';
import { FormFields, missingRequired, type FormValues } from '../shared/FormFields';
import { PathView } from '../shared/PathView';

const SCHOOLS = { kind: 'schools' as const };

/** What a screen decided before the form (e.g. 受理学员): its campus, the fields it filled (not shown for editing) and a line saying so. */
export interface ApplyPreset {
  schoolId: number;
  values: FormValues;
  /** values filled in but left editable (e.g. the repaired item of a 维修入库) */
  initial?: FormValues;
  note: ReactNode;
}

/** 发起申请: the definition's form for one business kind, the campus, and the path it would take. */
export function ApplyDialog({ tag, opened, onClose, onApplied, preset }: { tag: string; opened: boolean; onClose: () => void; onApplied: (instanceId: number, path: PathNode[]) => void; preset?: ApplyPreset }) {
  const { data, error, isPending } = useQuery({ queryKey: ['wf-define-form', tag], queryFn: () => loadDefineForm(tag), enabled: opened });
  const { items: schools } = useOptions(SCHOOLS);
  const [values, setValues] = useState<FormValues>({});
  const [title, setTitle] = useState('');
  const [school, setSchool] = useState<string | null>(null);
  const [path, setPath] = useState<PathNode[] | null>(null);
  const [files, setFiles] = useState('');
  const [uploading, setUploading] = useState(false);
  const { error: failure, setError, busy, submit } = useDialogSubmit('提交失败');
  const schoolId = preset ? preset.schoolId : school ? Number(school) : schools.length === 1 ? Number(schools[0].value) : undefined;
  // a new preset (another student accepted) starts the form again with its values
  useEffect(() => {
    if (!preset) return;
    setValues({ ...preset.initial, ...preset.values });
    setPath(null);
  }, [preset]);
  const fields = data ? (preset ? data.form.filter((f) => !(f.name in preset.values)) : data.form) : [];

  const check = (): boolean => {
    if (!data) return false;
    if (schools.length > 1 && schoolId === undefined) {
      setError('请选择校区');
      return false;
    }
    if (uploading) {
      setError('附件正在上传，请稍候');
      return false;
    }
    const missing = missingRequired(fields, values);
    if (missing) {
      setError(`请填写${missing.label}`);
      return false;
    }
    return true;
  };
  const body = () => ({ define_id: data!.define.id, school_id: schoolId, form: values, title: title.trim() || undefined, attachments: files ? files.split(',').map(Number) : undefined });

  return (
    <Modal opened={opened} onClose={onClose} title={data ? `发起申请 · ${data.define.name}` : '发起申请'} size="lg">
      {isPending && <Loader size="sm" />}
      {error && <Alert color="red">{errorMessage(error, '流程加载失败')}</Alert>}
      {data && (
        <Stack gap="sm">
          {data.define.remark && (
            <Text size="xs" c="dimmed">
              {data.define.remark}
            </Text>
          )}
          <TextInput label="标题" placeholder="不填则自动生成" maxLength={100} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          {preset?.note}
          {!preset && schools.length > 1 && <Select label="校区" withAsterisk data={schools.map((s) => ({ value: String(s.value), label: s.text }))} value={school} onChange={setSchool} />}
          <FormFields fields={fields} values={values} onChange={setValues} />
          <AttachmentField label="附件" value={files} onChange={setFiles} limit={20} onUploadingChange={setUploading} />
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                void submit(async () => {
                  if (!check()) return;
                  setPath((await callApi(prerunCall, { body: body() })).path);
                })
              }
            >
              预览审批人
            </Button>
          </Group>
          {path && <PathView path={path} />}
          <DialogActions
            error={failure}
            busy={busy}
            onCancel={onClose}
            confirmLabel="提交申请"
            onConfirm={() =>
              void submit(async () => {
                if (!check()) return;
                const preview = (await callApi(prerunCall, { body: body() })).path;
                const r = await callApi(createInstanceCall, { body: body() });
                setValues(preset ? { ...preset.initial, ...preset.values } : {});
                setTitle('');
                setFiles('');
                setPath(null);
                onApplied(r.instance_id, preview);
              })
            }
          />
        </Stack>
      )}
    </Modal>
  );
}
