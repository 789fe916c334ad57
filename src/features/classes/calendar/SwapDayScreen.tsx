import { Tabs, Text } from '@mantine/core';
import { swapDayResource, swapDaySchoolResource } from '../../../contract/resources/base';
import { ResourcePage } from '../../../components/ResourcePage';

/** 调休日: a date that works on another weekday's timetable, or a working day made a rest day; company-wide or per campus. */
export default function SwapDayScreen() {
  return (
    <Tabs defaultValue="company" keepMounted={false} p="xs">
      <Tabs.List>
        <Tabs.Tab value="company">公司调休日</Tabs.Tab>
        <Tabs.Tab value="school">校区调休日</Tabs.Tab>
      </Tabs.List>
      <Text size="xs" c="dimmed" mt={6}>
        “按星期几上课”选择后，当天按该星期的课表上课；留空表示当天休息、不排课。
      </Text>
      <Tabs.Panel value="company" pt="xs">
        <ResourcePage def={swapDayResource} />
      </Tabs.Panel>
      <Tabs.Panel value="school" pt="xs">
        <ResourcePage def={swapDaySchoolResource} />
      </Tabs.Panel>
    </Tabs>
  );
}
