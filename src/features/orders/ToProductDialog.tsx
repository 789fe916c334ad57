import { Alert, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { toProductCall, toProductPreviewCall } from '../../contract/orders-to-product';
import { schoolClassTypesCall } from '../../contract/products';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { formatYuan } from '../../lib/format/money';
import { hoursText } from './OrderDetail';
import { OrderHoldingsTable, useOrderHoldings } from './OrderHoldings';

/**
 * 一键转产品 (component: one-key to product): all the order still holds becomes hours of one
 * language pack on sale at its campus. The server's preview shows what leaves, what the pack gives
 * and any 应补差价 before the operator confirms (server/modules/orders/to-product.ts).
 */
export function ToProductDialog({ id, orderNo, onClose, onDone }: { id: number; orderNo: string; onClose(): void; onDone(): void }) {
  const info = useOrderHoldings(id);
  const schoolId = info.data?.school_id;
  const [packKey, setPackKey] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('转产品失败');
  const types = useQuery({
    queryKey: ['prod_language_pack/school_class_types', schoolId],
    enabled: schoolId !== undefined,
    queryFn: () => callApi(schoolClassTypesCall, { query: { school_id: schoolId ?? 0 } }),
  });
  // a pack sells one or more class types: each choice is a pack with the class type its hours go to
  const choices = (types.data ?? []).flatMap((t) =>
    t.language_packs.map((p) => ({ value: `${p.language_pack_id}:${t.class_type_id}`, label: `${p.name}（${t.class_type_name}，${p.hours}课时，${formatYuan(p.price)}元）` })),
  );
  const [packId, classTypeId] = (packKey ?? ':').split(':').map(Number);
  const preview = useQuery({
    queryKey: ['order_form/to_product_preview', id, packKey],
    enabled: packKey !== null,
    queryFn: () => callApi(toProductPreviewCall, { query: { id, language_pack_id: packId, class_type_id: classTypeId } }),
  });
  const confirm = () => {
    if (!packKey) return setError('请选择课程包');
    if (!reason.trim()) return setError('请输入转换原因');
    void submit(async () => {
      const out = await callApi(toProductCall, { body: { id, language_pack_id: packId, class_type_id: classTypeId, reason: reason.trim() } });
      notifySuccess(`已转为课程包「${out.language_pack_name}」${hoursText(out.to_hours)} 课时${out.difference > 0 ? `，应补差价 ${formatYuan(out.difference)} 元` : ''}`);
      onDone();
    });
  };
  const p = preview.data;
  return (
    <Modal opened onClose={onClose} title={`一键转产品 ${orderNo}`} size="lg">
      <Stack>
        <OrderHoldingsTable holdings={info.data} error={info.error} />
        <Select label="课程包" required searchable value={packKey} onChange={setPackKey} data={choices} nothingFoundMessage="该校区没有在售课程包" />
        {preview.error && <Alert color="red">{errorMessage(preview.error, '试算失败')}</Alert>}
        {p && (
          <Alert color="blue" title={`转为「${p.language_pack_name}」${hoursText(p.to_hours)} 课时`} data-testid="to-product-preview">
            <Text size="sm">
              转出：{hoursText(p.from_hours)} 课时，价值 {formatYuan(p.value)} 元（未用实收与优惠）
            </Text>
            <Text size="sm">
              课程包：{formatYuan(p.pack_price)} 元 {hoursText(p.pack_hours)} 课时{p.pack_gift_hours > 0 ? `，赠送 ${hoursText(p.pack_gift_hours)} 课时` : ''}
            </Text>
            <Text size="sm">{p.difference > 0 ? `价值不足课程包价格，应补差价 ${formatYuan(p.difference)} 元（转换后在收款中收取）` : '价值按课程包单价全部换算为课时，无需补差价'}</Text>
          </Alert>
        )}
        <Textarea label="转换原因" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="确认转产品" />
      </Stack>
    </Modal>
  );
}
