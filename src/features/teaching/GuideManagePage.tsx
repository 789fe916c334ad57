import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Text, Typography } from '@mantine/core';
import { guideResource, GUIDE_PERMS, GUIDE_STATUS } from '../../contract/resources/teaching';
import { publishGuides } from '../../api/guides';
import { errorMessage } from '../../api/client';
import { ResourcePage, type PageContext } from '../../components/ResourcePage';
import type { RowAction, TableRow } from '../../components/DataTable';
import { confirmAction, notifyError, notifySuccess } from '../../components/feedback';

type GuideRow = TableRow & { title?: string | null; content?: string | null; status?: number | null };

async function setStatus(row: GuideRow, status: 0 | 1, changed: () => void): Promise<void> {
  const verb = status === GUIDE_STATUS.PUBLISHED ? '发布' : '撤回';
  if (!(await confirmAction(status === GUIDE_STATUS.PUBLISHED ? `确定发布「${row.title ?? ''}」吗？发布后所有用户可在操作指南中看到。` : `确定撤回「${row.title ?? ''}」吗？撤回后变为草稿，用户不再看到。`))) return;
  try {
    await publishGuides([Number(row.id)], status);
    notifySuccess(`${verb}成功`);
    changed();
  } catch (e) {
    notifyError(errorMessage(e, `${verb}失败`));
  }
}

/** 操作指南管理: write guides (HTML, sanitised by the server), order them, publish or take them back, preview. */
export default function GuideManagePage() {
  const [preview, setPreview] = useState<GuideRow | null>(null);
  const qc = useQueryClient();
  // The reading page (/system/base/guide) caches its lists: what was written here shows there at once.
  const guidesChanged = useCallback(() => void qc.invalidateQueries({ queryKey: ['guides'] }), [qc]);
  const rowActions = useMemo(
    () =>
      (ctx: PageContext<GuideRow>): RowAction<GuideRow>[] => [
        { key: 'preview', label: '预览', onClick: setPreview },
        {
          key: 'publish',
          label: '发布',
          color: 'green',
          perm: GUIDE_PERMS.publish,
          visible: (r) => Number(r.status) !== GUIDE_STATUS.PUBLISHED,
          onClick: (r) =>
            void setStatus(r, GUIDE_STATUS.PUBLISHED, () => {
              ctx.reload();
              guidesChanged();
            }),
        },
        {
          key: 'withdraw',
          label: '撤回',
          color: 'orange',
          perm: GUIDE_PERMS.publish,
          visible: (r) => Number(r.status) === GUIDE_STATUS.PUBLISHED,
          onClick: (r) =>
            void setStatus(r, GUIDE_STATUS.DRAFT, () => {
              ctx.reload();
              guidesChanged();
            }),
        },
      ],
    [guidesChanged],
  );
  return (
    <>
      <ResourcePage<GuideRow> def={guideResource} rowActions={rowActions} newDefaults={{ sort: 0 }} dialogSize="xl" onChanged={guidesChanged} />
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={preview?.title ?? '预览'} size="lg">
        {preview?.content ? (
          <Typography>
            {/* stored sanitised by the server (server/lib/html-sanitize) */}
            <div dangerouslySetInnerHTML={{ __html: preview.content }} />
          </Typography>
        ) : (
          <Text c="dimmed" size="sm">
            没有内容
          </Text>
        )}
      </Modal>
    </>
  );
}
