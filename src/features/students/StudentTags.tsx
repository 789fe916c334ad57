import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { STUDENT_TAGS_MAX_IDS, type StudentTag } from '../../contract/students';
import { studentsApi } from './api';

/*
 * A student's tags in a list cell or the hub. The rows of a list page each ask for their own
 * student's tags; the asks of one render are gathered and sent as one student/tags call (up to
 * 200 ids), so a page of 50 students costs one request, not 50.
 */

type Waiter = { resolve: (tags: StudentTag[]) => void; reject: (err: unknown) => void };
let pending = new Map<number, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  const asked = pending;
  pending = new Map();
  timer = undefined;
  const ids = [...asked.keys()];
  for (let i = 0; i < ids.length; i += STUDENT_TAGS_MAX_IDS) {
    const part = ids.slice(i, i + STUDENT_TAGS_MAX_IDS);
    studentsApi.tags(part).then(
      (tags) => {
        for (const id of part) for (const w of asked.get(id) ?? []) w.resolve(tags.filter((t) => t.student_id === id));
      },
      (err: unknown) => {
        for (const id of part) for (const w of asked.get(id) ?? []) w.reject(err);
      },
    );
  }
}

function tagsOf(studentId: number): Promise<StudentTag[]> {
  return new Promise((resolve, reject) => {
    pending.set(studentId, [...(pending.get(studentId) ?? []), { resolve, reject }]);
    timer ??= setTimeout(flush, 10);
  });
}

export function useStudentTags(studentId: number) {
  return useQuery({ queryKey: ['student-tags', studentId], queryFn: () => tagsOf(studentId), staleTime: 30_000 });
}

export function StudentTagBadges({ studentId, empty = '' }: { studentId: number; empty?: string }) {
  const tags = useStudentTags(studentId);
  const list = tags.data ?? [];
  if (list.length === 0) return empty ? <Text size="xs" c="dimmed">{empty}</Text> : null;
  return (
    <Group gap={4} wrap="wrap">
      {list.map((t) => (
        <Badge key={t.tag_id} size="sm" variant="light" color={t.color ?? 'gray'} styles={{ label: { textTransform: 'none' } }}>
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}
