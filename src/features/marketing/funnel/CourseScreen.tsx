import { useState } from 'react';
import { trialLessonResource } from '../../../contract/resources/marketing-funnel';
import { MKT_FUNNEL_PERM } from '../../../contract/marketing-funnel';
import { ResourcePage } from '../../../components/ResourcePage';
import { JoinTrialDialog, type JoinTarget } from './JoinTrialDialog';

const OPEN = { state: 1 };
const READ_ONLY = { add: null, update: null, delete: null, batchDelete: null, recover: null };

/** 试听课程 (course / join class): the open trial lessons of the caller's campuses, each joinable while seats remain. */
export default function CourseScreen() {
  const [joining, setJoining] = useState<{ lesson: JoinTarget; reload: () => void } | null>(null);
  return (
    <>
      <ResourcePage
        def={trialLessonResource}
        fixedFilters={OPEN}
        perms={READ_ONLY}
        rowActions={(ctx) => [
          {
            key: 'join',
            label: '加入试听',
            perm: MKT_FUNNEL_PERM.book,
            visible: (r) => Number(r.booked_count ?? 0) < Number(r.capacity ?? 0),
            onClick: (r) => setJoining({ lesson: { id: Number(r.id), name: `${String(r.name)} ${String(r.lesson_date)} ${String(r.start_time)}` }, reload: ctx.reload }),
          },
        ]}
      />
      <JoinTrialDialog lesson={joining?.lesson ?? null} onClose={() => setJoining(null)} onJoined={() => joining?.reload()} />
    </>
  );
}
