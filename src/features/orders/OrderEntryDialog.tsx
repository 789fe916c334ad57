import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { callApi } from '../../api/call';
import { orderAddCall } from '../../contract/orders';
import { schoolClassTypesCall } from '../../contract/products';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { formatYuan, yuanToFen } from '../../lib/format/money';

interface StudentOption {
  id: number;
  name: string;
  school_id: number;
}
interface LineDraft {
  key: number;
  class_type_id: string | null;
  language_pack_id: string | null;
  discount: number | string;
}

/** 新增订单: the student, then lines of language packs on sale at the student's campus, each with its discount (yuan). */
export function OrderEntryDialog({ onClose, onDone }: { onClose(): void; onDone(): void }) {
  const [search, setSearch] = useState('');
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [lines, setLines] = useState<LineDraft[]>([{ key: 1, class_type_id: null, language_pack_id: null, discount: 0 }]);
  const [submitNow, setSubmitNow] = useState(true);
  const [remark, setRemark] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('保存订单失败');

  const students = useQuery({
    queryKey: ['order-entry-students', search],
    queryFn: () => api.postForm<{ content: StudentOption[] }>('api/v1/student/page', { name: search, page: 1, rows: 20 }),
  });
  const types = useQuery({
    queryKey: ['order-entry-types', student?.school_id],
    enabled: !!student,
    queryFn: () => callApi(schoolClassTypesCall, { query: { school_id: student?.school_id ?? 0 } }),
  });
  const packsOf = (typeId: string | null) => types.data?.find((t) => String(t.class_type_id) === typeId)?.language_packs ?? [];
  const setLine = (key: number, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const total = lines.reduce((n, l) => n + (packsOf(l.class_type_id).find((p) => String(p.language_pack_id) === l.language_pack_id)?.price ?? 0) - (yuanToFen(l.discount) ?? 0), 0);

  const confirm = () => {
    if (!student) return setError('请选择学员');
    if (lines.some((l) => !l.class_type_id || !l.language_pack_id)) return setError('请为每条明细选择班型和课程包');
    void submit(async () => {
      const out = await callApi(orderAddCall, {
        body: {
          student_id: student.id,
          submit: submitNow,
          remark: remark || null,
          lines: lines.map((l) => ({ kind: 1, class_type_id: Number(l.class_type_id), language_pack_id: Number(l.language_pack_id), discount: yuanToFen(l.discount) ?? 0 })),
        },
      });
      notifySuccess(`订单 ${out.order_no} 已保存`);
      onDone();
    });
  };

  const addLine = (): void => setLines((ls) => [...ls, { key: Date.now(), class_type_id: null, language_pack_id: null, discount: 0 }]);
  return (
    <Modal opened onClose={onClose} title="新增订单" size="lg">
      <Stack>
        <Select
          label="学员"
          searchable
          required
          placeholder="输入姓名搜索"
          searchValue={search}
          onSearchChange={setSearch}
          data={(students.data?.content ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={student ? String(student.id) : null}
          onChange={(v) => {
            setStudent(students.data?.content.find((s) => String(s.id) === v) ?? null);
            setLines([{ key: Date.now(), class_type_id: null, language_pack_id: null, discount: 0 }]);
          }}
        />
        {lines.map((l, i) => (
          <Group key={l.key} align="flex-end" wrap="nowrap">
            <Select
              label={`明细${i + 1} 班型`}
              disabled={!student}
              data={(types.data ?? []).map((t) => ({ value: String(t.class_type_id), label: t.class_type_name }))}
              value={l.class_type_id}
              onChange={(v) => setLine(l.key, { class_type_id: v, language_pack_id: null })}
            />
            <Select
              label="课程包"
              disabled={!l.class_type_id}
              data={packsOf(l.class_type_id).map((p) => ({ value: String(p.language_pack_id), label: `${p.name}（${p.hours}课时，${formatYuan(p.price)}元）` }))}
              value={l.language_pack_id}
              onChange={(v) => setLine(l.key, { language_pack_id: v })}
            />
            <NumberInput label="优惠（元）" w={110} min={0} decimalScale={2} value={l.discount} onChange={(v) => setLine(l.key, { discount: v })} />
            {lines.length > 1 && (
              <Button variant="subtle" color="red" onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>
                删除
              </Button>
            )}
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="light" disabled={!student} onClick={addLine}>
            添加明细
          </Button>
          <Text>应收合计 {formatYuan(total)} 元</Text>
        </Group>
        <Textarea label="备注" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={500} />
        <Switch label="保存后提交审核" checked={submitNow} onChange={(e) => setSubmitNow(e.currentTarget.checked)} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="保存订单" />
      </Stack>
    </Modal>
  );
}
