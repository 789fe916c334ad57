import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import type { ResourceDef } from '../../contract/resource';
import { ResourcePage } from '../../components/ResourcePage';

/** A tab of a teaching screen: a declaration's list, or a panel of its own (成绩统计). */
export interface ResourceTab {
  value: string;
  label: string;
  def?: ResourceDef;
  panel?: () => ReactNode;
}

/** A teaching screen made of list tabs (课堂反馈, 月度数据, 学员成绩): one list screen per tab, mounted when opened. */
export function ResourceTabs({ tabs }: { tabs: readonly ResourceTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.value} keepMounted={false} p="xs">
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="xs">
          {t.def ? <ResourcePage def={t.def} /> : t.panel?.()}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
