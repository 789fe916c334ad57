import { GIFT_SOURCE } from './resources/orders-extras';
import { ORDER_EXTRA_SCREEN } from './orders-extras';
import { STUDENT_SCREEN } from './students';

/**
 * The screens that are views of 学员赠品 (order_student_gift): each declared once here with its
 * fixed filters, its search fields and its columns (names of the declaration's fields), and rendered
 * by the one gift view page (src/components/gifts) on the declaration's page call, with the 发放 and
 * 退回 actions of 学员赠品.
 *
 * - `fixed`: declared filters every call carries;
 * - `students`: a student view the page call understands as `view=` (server/modules/orders/gifts.ts
 *   asks the students area which students it holds).
 */
export type GiftStudentView = 'old';
export const GIFT_STUDENT_VIEWS: readonly GiftStudentView[] = ['old'];

export interface GiftView {
  key: 'student_gift' | 'recommend_gift' | 'old_student_gift';
  title: string;
  /** menu code of the screen */
  code: string;
  /** a sentence above the table: what the view lists */
  hint?: string;
  fixed?: Readonly<Record<string, string | number>>;
  students?: GiftStudentView;
  /** declared fields offered in the search form; absent: the declaration's */
  search?: readonly string[];
  /** declared fields shown, in this order; absent: the declaration's */
  columns?: readonly string[];
}

export const GIFT_VIEWS = {
  student_gift: { key: 'student_gift', title: '学员赠品', code: ORDER_EXTRA_SCREEN.studentGift },
  recommend_gift: {
    key: 'recommend_gift',
    title: '推荐赠品',
    code: ORDER_EXTRA_SCREEN.recommendGift,
    hint: '老学员推荐的学员签约后（订单详情 › 推荐赠品）给推荐人的赠品',
    fixed: { source: GIFT_SOURCE.recommend },
    search: ['student_id', 'gift_name', 'state', 'given_at'],
    columns: ['student_id', 'order_id', 'gift_name', 'quantity', 'list_price', 'state', 'given_at', 'given_by_name', 'remark'],
  },
  old_student_gift: {
    key: 'old_student_gift',
    title: '老学员赠品',
    code: STUDENT_SCREEN.oldStudentGift,
    hint: '老学员（入学满一年仍在读或已结课）的赠品：续费、推荐新学员与签约所得',
    students: 'old',
    search: ['student_id', 'source', 'gift_name', 'state', 'given_at'],
    columns: ['student_id', 'source', 'gift_name', 'quantity', 'list_price', 'state', 'given_at', 'given_by_name', 'remark'],
  },
} as const satisfies Record<GiftView['key'], GiftView>;
