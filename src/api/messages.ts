import type { Page } from '../contract/envelope';
import type { CountData, ReadData, TopAllData, UserMessage } from '../contract/messages';
import { PATHS } from '../contract/paths';
import { api } from './client';

export type { UserMessage, TopAllData } from '../contract/messages';

/** The bell's data, checked: a backend answering another shape fails loudly instead of showing 0. */
export function parseTopAll(data: unknown): TopAllData {
  const d = data as Partial<TopAllData> | null;
  if (!d || typeof d.unread !== 'number' || !Array.isArray(d.list)) throw new Error('消息接口返回格式不正确');
  return { unread: d.unread, list: d.list };
}

export async function fetchTopMessages(): Promise<TopAllData> {
  return parseTopAll(await api.get<unknown>(PATHS.topMessages, undefined, { silent: true }));
}

export interface MessageQuery {
  page: number;
  rows: number;
  read_status?: number | null;
  is_flag?: number | null;
  message_title?: string;
}

export function fetchMessagePage(q: MessageQuery): Promise<Page<UserMessage>> {
  return api.postForm<Page<UserMessage>>(PATHS.messagePage, { ...q });
}

export function readMessages(ids: number[]): Promise<ReadData> {
  return api.post<ReadData>(PATHS.messageRead, { msg_id: ids });
}

export function markMessages(ids: number[], mark: boolean): Promise<CountData> {
  return api.post<CountData>(PATHS.messageMark, { ids, mark_type: mark ? 'mark' : 'cancel' });
}

export function deleteMessages(ids: number[]): Promise<CountData> {
  return api.post<CountData>(PATHS.messageDelete, ids.map((id) => ({ id })));
}

/** `/badge` text of the bell: capped at 99 (spec doc 000 §9). */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
