import { Badge, Paper, Text, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import type { ScheduleRow } from '../../../contract/classes';
import { cellKey, cellsOf, classColor, hourRows, WEEK_DAY_TEXT } from './week';
import classes from './Timetable.module.css';

interface Props {
  days: readonly string[];
  lessons: readonly ScheduleRow[];
  onOpen: (l: ScheduleRow) => void;
}

/** Mon-Sun columns × hour rows; each lesson sits in the row of its start hour. */
export function WeekGrid({ days, lessons, onOpen }: Props) {
  const hours = hourRows(lessons);
  const cells = cellsOf(lessons);
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <div className={classes.scroller}>
      <table className={classes.grid} data-testid="week-grid">
        <thead>
          <tr>
            <th className={classes.hourHead} />
            {days.map((d, i) => (
              <th key={d} className={d === today ? `${classes.dayHead} ${classes.today}` : classes.dayHead}>
                <div>{WEEK_DAY_TEXT[i]}</div>
                <Text size="xs" c="dimmed">
                  {dayjs(d).format('MM-DD')}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((h) => (
            <tr key={h}>
              <td className={classes.hourCell}>{`${String(h).padStart(2, '0')}:00`}</td>
              {days.map((d) => (
                <td key={d} className={d === today ? `${classes.cell} ${classes.todayCell}` : classes.cell}>
                  {(cells.get(cellKey(d, h)) ?? []).map((l) => {
                    const c = classColor(l.class_id);
                    return (
                      <UnstyledButton key={l.id} className={classes.lessonButton} onClick={() => onOpen(l)} data-testid="lesson" data-lesson-id={l.id}>
                        <Paper
                          className={classes.lesson}
                          style={{ borderLeftColor: `var(--mantine-color-${c}-6)`, background: `var(--mantine-color-${c}-light)` }}
                        >
                          <Text size="xs" fw={600} lh={1.3}>
                            {l.start_time}-{l.end_time}
                          </Text>
                          <Text size="xs" fw={600} lh={1.3} lineClamp={2}>
                            {l.class_name}
                          </Text>
                          <Text size="xs" c="dimmed" lh={1.3} truncate>
                            {[l.teacher_name, l.classroom_name].filter(Boolean).join(' · ') || '未排老师'}
                          </Text>
                          <Text size="xs" c="dimmed" lh={1.3}>
                            {l.student_count}人{l.state === 2 && <Badge size="xs" ml={4} color="green" variant="light">已上课</Badge>}
                          </Text>
                        </Paper>
                      </UnstyledButton>
                    );
                  })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
