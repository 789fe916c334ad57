import {
  IconBook, IconBuildingCommunity, IconCalendarEvent, IconCash, IconChalkboard, IconChartBar, IconCircleDot,
  IconClipboardList, IconFolder, IconGift, IconHome, IconMessage, IconReceipt, IconReportAnalytics, IconSchool,
  IconSettings, IconShieldLock, IconSpeakerphone, IconUser, IconUsers, IconUsersGroup, IconHeadset, IconChecklist,
  IconMap2, IconBell, IconFileText, IconTags, type Icon,
} from '@tabler/icons-react';

// Menu rows carry an icon name; names of the existing back office and plain words both map here.
const ICONS: Record<string, Icon> = {
  home: IconHome, dashboard: IconHome, index: IconHome,
  system: IconSettings, setting: IconSettings, settings: IconSettings,
  user: IconUser, peoples: IconUsers, people: IconUsers, users: IconUsers, role: IconShieldLock, lock: IconShieldLock,
  student: IconSchool, school: IconSchool, education: IconSchool,
  class: IconChalkboard, classes: IconChalkboard, teaching: IconChalkboard,
  schedule: IconCalendarEvent, calendar: IconCalendarEvent, date: IconCalendarEvent,
  order: IconReceipt, orders: IconReceipt, money: IconCash, finance: IconCash,
  marketing: IconSpeakerphone, market: IconSpeakerphone, crm: IconHeadset, phone: IconHeadset,
  product: IconBook, course: IconBook, book: IconBook,
  report: IconReportAnalytics, reports: IconReportAnalytics, chart: IconChartBar,
  workflow: IconChecklist, task: IconClipboardList, list: IconClipboardList,
  gift: IconGift, message: IconMessage, notice: IconBell, area: IconMap2, org: IconBuildingCommunity,
  tree: IconBuildingCommunity, teacher: IconUsersGroup, documentation: IconFileText, guide: IconFileText, tag: IconTags,
  base: IconFolder, folder: IconFolder,
};

export function MenuIcon({ name, size = 18, directory = false }: { name: string | null; size?: number; directory?: boolean }) {
  const key = (name ?? '').trim().toLowerCase().replace(/^icon-?/, '');
  const C = ICONS[key] ?? (directory ? IconFolder : IconCircleDot);
  return <C size={size} stroke={1.6} />;
}
