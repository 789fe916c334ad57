import { GiftViewPage } from '../../components/gifts/GiftViewPage';
import { GIFT_VIEWS } from '../../contract/gift-views';

/** 学员赠品: every gift of the caller's campuses, with 发放 and 退回. */
export default function StudentGiftScreen() {
  return <GiftViewPage view={GIFT_VIEWS.student_gift} />;
}
