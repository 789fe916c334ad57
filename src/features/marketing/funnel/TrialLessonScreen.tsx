import { Drawer } from '@mantine/core';
import { useState } from 'react';
import { trialLessonResource, TRIAL_LESSON_STATES } from '../../../contract/resources/marketing-funnel';
import { MKT_FUNNEL_PERM } from '../../../contract/marketing-funnel';
import { ResourcePage } from '../../../components/ResourcePage';
import type { TableRow } from '../../../components/DataTable';
import { JoinTrialDialog, type JoinTarget } from './JoinTrialDialog';
import { TrialStudentList } from './TrialStudentList';

const OPEN_STATE = TRIAL_LESSON_STATES[0].value;

function target(r: TableRow): JoinTarget {
  return { id: Number(r.id), name: `${String(r.name ?? '')} ${String(r.lesson_date ?? '')} ${String(r.start_time ?? '')}`.trim() };
}

/**
 * 试听课: the campus's trial lessons (class type from products, room and teacher), each with its
 * students (trial lesson / audition: attendance, withdraw) and 预约试听 (add audition) while open.
 */
export default function TrialLessonScreen() {
  const [students, setStudents] = useState<JoinTarget | null>(null);
  const [joining, setJoining] = useState<{ lesson: JoinTarget; reload: () => void } | null>(null);
  return (
    <>
      <ResourcePage
        def={trialLessonResource}
        rowActions={(ctx) => [
          { key: 'students', label: '试听学员', onClick: (r) => setStudents(target(r)) },
          {
            key: 'join',
            label: '预约试听',
            perm: MKT_FUNNEL_PERM.book,
            visible: (r) => Number(r.state) === OPEN_STATE && Number(r.booked_count ?? 0) < Number(r.capacity ?? 0),
            onClick: (r) => setJoining({ lesson: target(r), reload: ctx.reload }),
          },
        ]}
      />
      <Drawer opened={students !== null} onClose={() => setStudents(null)} title={`试听学员：${students?.name ?? ''}`} position="right" size="xl">
        {students && <TrialStudentList lessonId={students.id} />}
      </Drawer>
      <JoinTrialDialog lesson={joining?.lesson ?? null} onClose={() => setJoining(null)} onJoined={() => joining?.reload()} />
    </>
  );
}
