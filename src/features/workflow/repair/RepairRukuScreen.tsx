import { ApplyScreen, type AcceptStep } from '../apply/ApplyScreen';
import { PickRepairDialog } from './PickRepairDialog';

const PICK: AcceptStep = { label: '维修入库', Dialog: PickRepairDialog };
const HEADING = { title: '维修入库', remark: '报修审批通过、维修完成的物品重新入库：选择报修申请，填写入库数量后提交资产入库审批' };

/** 报修申请 › 维修入库: a repaired item back into the campus's stock, as a 资产入库 application; below, the stock-in applications. */
export default function RepairRukuScreen() {
  return <ApplyScreen tag="asset_stock_in" title="维修入库" heading={HEADING} accept={PICK} />;
}
