import { GiftViewPage } from '../../components/gifts/GiftViewPage';
import { GIFT_VIEWS } from '../../contract/gift-views';

/** 老学员赠品: the gifts of the students the 老学员 view holds, with 发放 and 退回. */
export default function OldStudentGiftScreen() {
  return <GiftViewPage view={GIFT_VIEWS.old_student_gift} />;
}
