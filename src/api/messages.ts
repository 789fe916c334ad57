import type { Page } from '../contract/envelope';
import { PATHS } from '../contract/paths';
import { api } from './client';

/** A user message (spec doc 000 §3). */
export interface UserMessage {
  message_id: number;
  message_title: string;
  message_Header?: string | null;
  message_content: string;
  message_time: string;
  publisher: string | null;
  read_status: number;
  is_flag: number;
}

/** Answer of top_all: the newest messages and the unread count. */
export interface TopMessages {
  unread: number;
  content: UserMessage[];
}

/** Accepts the shapes an existing backend may answer: a bare list, a page, or `{unread, content}`. */
export function normalizeTop(data: unknown): TopMessages {
  if (Array.isArray(data)) {
    const list = data as UserMessage[];
    return { unread: list.filter((m) => m.read_status === 0).length, content: list };
  }
  const d = (data ?? {}) as Partial<TopMessages> & { list?: UserMessage[]; unread_msg_number?: number };
  const content = d.content ?? d.list ?? [];
  const unread = d.unread ?? d.unread_msg_number ?? content.filter((m) => m.read_status === 0).length;
  return { unread, content };
}

export async function fetchTopMessages(): Promise<TopMessages> {
  return normalizeTop(await api.get<unknown>(PATHS.topMessages, undefined, { silent: true }));
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

export function readMessages(ids: number[]): Promise<unknown> {
  return api.post<unknown>(PATHS.messageRead, { msg_id: ids });
}

export function markMessages(ids: number[], mark: boolean): Promise<unknown> {
  return api.post<unknown>(PATHS.messageMark, { ids, mark_type: mark ? 'mark' : 'cancel' });
}

export function deleteMessages(ids: number[]): Promise<unknown> {
  return api.post<unknown>(PATHS.messageDelete, ids.map((id) => ({ id })));
}

/** `/badge` text of the bell: capped at 99 (spec doc 000 §9). */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
