import { Badge, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { callApi } from '../../../api/call';
import { directorNotationCall, visitPageCountCall, type VisitCounts, MKT_FUNNEL_PERM } from '../../../contract/marketing-funnel';
import { studentVisitResource } from '../../../contract/resources/marketing-funnel';
import { ResourcePage, type PageContext } from '../../../components/ResourcePage';
import type { TableQuery, TableRow } from '../../../components/DataTable';
import { runCall } from './runCall';

function dateOf(v: unknown): string | undefined {
  return typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : undefined;
}

/** The counts above the list, for the same search (page_count). */
function VisitCountBar({ query }: { query: TableQuery }) {
  const [counts, setCounts] = useState<VisitCounts | null>(null);
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    const q = JSON.parse(key) as TableQuery;
    callApi(visitPageCountCall, {
      query: {
        visit_time_start: dateOf(q.visit_time_start),
        visit_time_end: dateOf(q.visit_time_end),
        receiver_id: q.receiver_id ? Number(q.receiver_id) : undefined,
      },
    })
      .then((c) => live && setCounts(c))
      .catch(() => live && setCounts(null));
    return () => {
      live = false;
    };
  }, [key]);
  if (!counts) return null;
  return (
    <Group gap="xs" data-testid="visit-counts">
      <Badge variant="light">到访 {counts.total}</Badge>
      <Badge variant="light" color="green">今日 {counts.today}</Badge>
      <Badge variant="light" color="gray">已批注 {counts.notated}</Badge>
      <Badge variant="light" color="orange">未批注 {counts.unnotated}</Badge>
    </Group>
  );
}

const countBar = (ctx: PageContext<TableRow>) => <VisitCountBar query={ctx.query} />;

/** 到访记录: visits with the director's notation (主管批注) and the counts of the search. */
export default function StudentVisitScreen() {
  const [notating, setNotating] = useState<{ row: TableRow; text: string; reload: () => void } | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!notating) return;
    setSaving(true);
    const done = await runCall(directorNotationCall, { body: { id: Number(notating.row.id), director_notation: notating.text } }, '批注已保存', '保存批注失败');
    setSaving(false);
    if (done) {
      notating.reload();
      setNotating(null);
    }
  };
  return (
    <>
      <ResourcePage
        def={studentVisitResource}
        toolbar={countBar}
        rowActions={(ctx) => [
          {
            key: 'notation',
            label: '批注',
            perm: MKT_FUNNEL_PERM.directorNotation,
            onClick: (row) => setNotating({ row, text: String(row.director_notation ?? ''), reload: ctx.reload }),
          },
        ]}
      />
      <Modal opened={notating !== null} onClose={() => setNotating(null)} title={`主管批注：${String(notating?.row.resource_name ?? '')}`} centered>
        <Stack>
          <Textarea
            autosize
            minRows={4}
            maxLength={500}
            label="主管批注"
            value={notating?.text ?? ''}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setNotating((n) => (n ? { ...n, text } : n));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNotating(null)}>
              取消
            </Button>
            <Button onClick={() => void save()} loading={saving}>
              保存
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
