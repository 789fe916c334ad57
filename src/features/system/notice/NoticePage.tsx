import { Badge, Box, Button, Modal, Stack, Text, Typography } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '../../../api/request';
import { AttachmentField } from '../../../components/AttachmentField';
import { DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../components/DataTable';
import { confirmAction, confirmDelete, postWrite } from '../../../components/feedback';
import { useOptions } from '../../../components/options';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../components/session';
import { useRoleOptions } from '../user/UserDialog';
import { NoticeDialog, SCHOOL_TREE_URL } from './NoticeDialog';
import { topText } from '../../../lib/format/noticeTarget';
import { emptyNoticeForm, noticeFormOf, NOTICE_STATE, targetText, type NoticeFormValues, type NoticeRow } from './noticeForm';

const SEARCH: SearchField[] = [
  { name: 'title', label: '标题', input: 'text' },
  { name: 'state', label: '状态', input: 'select', options: { kind: 'static', items: Object.values(NOTICE_STATE).map((s) => ({ value: s, text: s })) } },
  { name: 'publish_time', label: '发布时间', input: 'daterange' },
];

const STATE_COLOR: Record<string, string> = { [NOTICE_STATE.DRAFT]: 'gray', [NOTICE_STATE.PUBLISHED]: 'green', [NOTICE_STATE.OFFLINE]: 'orange' };

const published = (r: NoticeRow) => r.state === NOTICE_STATE.PUBLISHED;

/** 通知公告: notices are written as drafts, published to everyone or to roles or campuses (each target user gets a message), taken offline. */
export default function NoticePage() {
  const can = useHasPermission();
  const table = useRef<DataTableHandle<NoticeRow>>(null);
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  const [edit, setEdit] = useState<NoticeFormValues | null>(null);
  const [view, setView] = useState<NoticeRow | null>(null);
  const reload = useCallback(() => table.current?.reload(), []);

  const roles = useRoleOptions();
  const schools = useOptions({ kind: 'tree', url: SCHOOL_TREE_URL });
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of roles.data ?? []) m.set(`r${r.value}`, r.label);
    for (const s of schools.items) m.set(`s${String(s.value)}`, s.text);
    return m;
  }, [roles.data, schools.items]);

  const columns = useMemo<DataTableColumn<NoticeRow>[]>(
    () => [
      { prop: 'title', label: '标题', minWidth: 200 },
      {
        prop: 'state',
        label: '状态',
        width: 80,
        align: 'center',
        render: (r) => (
          <Badge size="sm" variant="light" color={STATE_COLOR[r.state] ?? 'gray'}>
            {r.state}
          </Badge>
        ),
      },
      {
        prop: 'target_ids',
        label: '发布范围',
        minWidth: 180,
        formatter: (r) => {
          const prefix = r.target_type === 'roles' ? 'r' : 's';
          const scoped = new Map([...names].filter(([k]) => k.startsWith(prefix)).map(([k, n]) => [k.slice(1), n]));
          return targetText(r.target_type, r.target_ids, scoped);
        },
      },
      { prop: 'is_top', label: '置顶', width: 60, align: 'center', formatter: (r) => topText(r.is_top) },
      { prop: 'publisher', label: '发布人', width: 90 },
      { prop: 'publish_time', label: '发布时间', width: 150, sortable: true },
      { prop: 'created_at', label: '创建时间', width: 150, sortable: true },
    ],
    [names],
  );

  const act = useCallback(
    async (url: string, r: NoticeRow, question: string, ok: string, fail: string) => {
      if (!(await confirmAction(question))) return;
      if (await postWrite(url, [{ id: r.id }], ok, fail)) reload();
    },
    [reload],
  );

  const actions = useMemo<RowAction<NoticeRow>[]>(
    () => [
      { key: 'view', label: '预览', onClick: setView },
      { key: 'edit', label: '编辑', perm: 'update_notice', visible: (r) => !published(r), onClick: (r) => setEdit(noticeFormOf(r)) },
      {
        key: 'publish',
        label: '发布',
        perm: 'publish_notice',
        color: 'green',
        visible: (r) => !published(r),
        onClick: (r) => void act('api/v1/sys_notice/publish', r, `确定发布通知「${r.title}」吗？发布后接收人会收到消息。`, '发布成功', '发布失败'),
      },
      {
        key: 'offline',
        label: '下线',
        perm: 'offline_notice',
        color: 'orange',
        visible: published,
        onClick: (r) => void act('api/v1/sys_notice/offline', r, `确定下线通知「${r.title}」吗？`, '下线成功', '下线失败'),
      },
      {
        key: 'delete',
        label: '删除',
        perm: 'del_notice',
        color: 'red',
        visible: (r) => !published(r),
        onClick: async (r) => {
          if (await confirmDelete('api/v1/sys_notice/delete', [r.id])) reload();
        },
      },
    ],
    [act, reload],
  );

  return (
    <Stack gap={8}>
      <SearchForm fields={SEARCH} onSearch={(q) => (setQuery(q), setSeq((s) => s + 1))} />
      <DataTable<NoticeRow>
        api="api/v1/sys_notice/page"
        method="POST_FORM"
        columns={columns}
        query={query}
        searchSeq={seq}
        defaultSort="id desc"
        actions={actions}
        actionsWidth={190}
        tableRef={table}
        tableKey="sys_notice"
        exportOptions={{ name: '通知公告' }}
        headerHeight={40}
        toolbar={
          can('add_notice') && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEdit(emptyNoticeForm())}>
              新增
            </Button>
          )
        }
      />
      <NoticeDialog initial={edit} onClose={() => setEdit(null)} onSaved={reload} />
      <Modal opened={view !== null} onClose={() => setView(null)} title={view?.title ?? ''} size="lg">
        {view && (
          <Stack gap="xs">
            {view.header && (
              <Text size="sm" c="dimmed">
                {view.header}
              </Text>
            )}
            <Box mah={480} style={{ overflowY: 'auto' }}>
              <Typography>
                {/* the server sanitises notice HTML on every save */}
                <div dangerouslySetInnerHTML={{ __html: view.content }} />
              </Typography>
            </Box>
            {view.files && <AttachmentField label="附件" value={view.files} onChange={() => undefined} readOnly />}
            <Text size="xs" c="dimmed">
              {view.state}
              {view.publish_time ? ` · ${view.publisher ?? ''} 发布于 ${view.publish_time}` : ''}
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
