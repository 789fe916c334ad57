import {
  classAssignmentResource,
  classContentResource,
  classFeedbackResource,
  classMemoirResource,
  classReviewResource,
  homeworkResource,
  homeworkSubmitResource,
  parentRatingResource,
} from '../../contract/resources/teaching-results';
import { ResourceTabs, type ResourceTab } from './ResourceTabs';

/** The tabs of 课堂反馈, in the inventory's order (spec screens.tsv: classroom feedback / …). */
const TABS: readonly ResourceTab[] = [
  { value: 'content', label: '课堂内容', def: classContentResource },
  { value: 'feedback', label: '课堂反馈', def: classFeedbackResource },
  { value: 'memoir', label: '课堂回忆录', def: classMemoirResource },
  { value: 'assignment', label: '课后作业', def: classAssignmentResource },
  { value: 'review', label: '课堂点评', def: classReviewResource },
  { value: 'rating', label: '家长评分', def: parentRatingResource },
  { value: 'correcting', label: '老师批改作业', def: homeworkSubmitResource },
  { value: 'homework', label: '老师作业列表', def: homeworkResource },
];

/** 课堂反馈: what each lesson covered and how it went, homework set and corrected, reviews and parents' ratings. */
export default function ClassroomFeedbackScreen() {
  return <ResourceTabs tabs={TABS} />;
}
