import { SimpleGrid, Stack } from '@mantine/core';
import RemindersPanel from './RemindersPanel';
import CalendarPanel from './CalendarPanel';
import ShortcutsPanel from './ShortcutsPanel';

/** The home page's 常用功能, 待办提醒 and 日历 (one element of HomePage). */
export default function HomeReminders() {
  return (
    <Stack gap="sm">
      <ShortcutsPanel />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <RemindersPanel />
        <CalendarPanel />
      </SimpleGrid>
    </Stack>
  );
}
