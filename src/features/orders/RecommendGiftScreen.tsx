import { GiftViewPage } from '../../components/gifts/GiftViewPage';
import { GIFT_VIEWS } from '../../contract/gift-views';

/** 推荐赠品: the gifts recommenders received for the students they brought (source 推荐赠品). */
export default function RecommendGiftScreen() {
  return <GiftViewPage view={GIFT_VIEWS.recommend_gift} />;
}
