import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { CHECK_IN_OPENS_MINUTES } from '../../../src/contract/classes';

/** Asia/Shanghai wall time 'YYYY-MM-DD HH:mm:ss' a number of minutes before another one. */
function minutesBefore(text: string, minutes: number): string {
  const ms = Date.parse(`${text.replace(' ', 'T')}Z`) - minutes * 60_000;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Roll call opens CHECK_IN_OPENS_MINUTES before the lesson starts: a mark tapped earlier (`tappedAt`,
 * the tap time of an outbox replay or now) is refused with the rule in the message.
 */
export function assertRollCallOpen(lesson: { lesson_date: string; start_time: string }, tappedAt: string = nowText()): void {
  const start = `${lesson.lesson_date} ${lesson.start_time.slice(0, 5)}:00`;
  if (tappedAt < minutesBefore(start, CHECK_IN_OPENS_MINUTES)) {
    throw new ApiError(409, `课程尚未开始（${lesson.lesson_date} ${lesson.start_time.slice(0, 5)} 上课），开课前${CHECK_IN_OPENS_MINUTES}分钟内才能点名`);
  }
}
