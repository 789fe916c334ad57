import { MultiSelect, SegmentedControl, Input, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AttachmentField } from '../../../components/AttachmentField';
import { OptionInput } from '../../../components/options';
import { EditDialogFrame, useEditDialog } from '../shared/EditDialog';
import { useRoleOptions } from '../user/UserDialog';
import { emptyNoticeForm, noticeBody, validateNotice, TARGET_TYPES, type NoticeFormValues, type TargetType } from './noticeForm';
import { RichTextInput } from './RichTextInput';

export const SCHOOL_TREE_URL = 'api/v1/system/get_org_tree?kind=school';

/** 新增通知 / 编辑通知: title, subtitle, rich-text content, attachments, who receives it, pinned. */
export function NoticeDialog({ initial, onClose, onSaved }: { initial: NoticeFormValues | null; onClose: () => void; onSaved: () => void }) {
  const { form, editing, saving, close, submit } = useEditDialog<NoticeFormValues>({
    initial,
    empty: emptyNoticeForm,
    validate: validateNotice,
    body: noticeBody,
    addUrl: 'api/v1/sys_notice/add',
    updateUrl: 'api/v1/sys_notice/update',
    onClose,
    onSaved,
  });
  const [uploading, setUploading] = useState(false);
  const roles = useRoleOptions();
  const { values: v, errors, set } = form;
  return (
    <EditDialogFrame opened={initial !== null} title={editing ? '编辑通知' : '新增通知'} size="xl" saving={saving} submitDisabled={uploading} onClose={close} onSubmit={submit}>
      <TextInput size="xs" label="标题" required value={v.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} />
      <TextInput size="xs" label="副标题" placeholder="不填时取正文开头" value={v.header} error={errors.header} onChange={(e) => set('header', e.currentTarget.value)} />
      <Input.Wrapper label="发布范围" size="xs">
        <div>
          <SegmentedControl
            size="xs"
            data={TARGET_TYPES}
            value={v.target_type}
            onChange={(t) => {
              set('target_type', t as TargetType);
              set('target_ids', '');
            }}
          />
        </div>
      </Input.Wrapper>
      {v.target_type === 'roles' && (
        <MultiSelect
          size="xs"
          label="发布的角色"
          required
          searchable
          data={roles.data ?? []}
          value={v.target_ids ? v.target_ids.split(',') : []}
          error={errors.target_ids}
          onChange={(ids) => set('target_ids', ids.join(','))}
        />
      )}
      {v.target_type === 'schools' && (
        <OptionInput kind="multiselect" source={{ kind: 'tree', url: SCHOOL_TREE_URL }} label="发布的校区" required value={v.target_ids} error={errors.target_ids} onChange={(ids) => set('target_ids', ids)} />
      )}
      <RichTextInput label="内容" required value={v.content} error={errors.content} onChange={(html) => set('content', html)} />
      <AttachmentField label="附件" value={v.files} onChange={(ids) => set('files', ids)} onUploadingChange={setUploading} />
      <Switch size="xs" label="置顶" checked={v.is_top} onChange={(e) => set('is_top', e.currentTarget.checked)} />
    </EditDialogFrame>
  );
}
