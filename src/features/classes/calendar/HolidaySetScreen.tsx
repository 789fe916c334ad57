import { Tabs } from '@mantine/core';
import { holidaySetResource, holidaySetSchoolResource } from '../../../contract/resources/base';
import { ResourcePage } from '../../../components/ResourcePage';

/** 节假日设置: company-wide holidays and each campus's own (arranging skips both). */
export default function HolidaySetScreen() {
  return (
    <Tabs defaultValue="company" keepMounted={false} p="xs">
      <Tabs.List>
        <Tabs.Tab value="company">公司节假日</Tabs.Tab>
        <Tabs.Tab value="school">校区节假日</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="company" pt="xs">
        <ResourcePage def={holidaySetResource} />
      </Tabs.Panel>
      <Tabs.Panel value="school" pt="xs">
        <ResourcePage def={holidaySetSchoolResource} />
      </Tabs.Panel>
    </Tabs>
  );
}
