import { useNavigate } from 'react-router-dom';
import { ApplyScreen } from '../apply/ApplyScreen';
import { REPAIR_SUCCESS_PATH } from './paths';

/** 报修申请: the generic application screen, whose sent application opens 申请成功. */
export default function RepairScreen() {
  const navigate = useNavigate();
  return <ApplyScreen tag="repair" title="报修申请" onApplied={(id) => navigate(`${REPAIR_SUCCESS_PATH}?id=${id}`)} />;
}
