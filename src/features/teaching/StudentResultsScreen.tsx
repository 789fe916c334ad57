import { classPmResource } from '../../contract/resources/teaching-records';
import { beyondResource, coumapResource, oralMarkResource } from '../../contract/resources/teaching-results';
import { ResourceTabs, type ResourceTab } from './ResourceTabs';
import { ResultStatistics } from './ResultStatistics';

/** The tabs of 学员成绩 (spec screens.tsv: student results / beyond, class pm, coumap, om, statistical). */
const TABS: readonly ResourceTab[] = [
  { value: 'class_pm', label: '班级成绩', def: classPmResource },
  { value: 'beyond', label: '拔高测评', def: beyondResource },
  { value: 'coumap', label: '课程地图', def: coumapResource },
  { value: 'om', label: '口语测评', def: oralMarkResource },
  { value: 'statistical', label: '成绩统计', panel: () => <ResultStatistics /> },
];

/** 学员成绩: class tests, tests above level, the course map, oral tests and each class's statistics. */
export default function StudentResultsScreen() {
  return <ResourceTabs tabs={TABS} />;
}
