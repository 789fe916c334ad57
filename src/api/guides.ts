import type { Page } from '../contract/envelope';
import { api } from './client';

/** An operation guide article (sys_guide; shapes not shown in the spec). */
export interface Guide {
  id: number;
  title: string;
  content?: string | null;
  status?: number | null;
  publish_time?: string | null;
  updated_at?: string | null;
}

export function fetchGuidePage(q: { page: number; rows: number; title?: string }): Promise<Page<Guide>> {
  return api.get<Page<Guide>>('api/v1/sys_guide/page', { ...q, status: 1 }, { silent: true });
}

export function fetchGuideDetail(id: number): Promise<Guide> {
  return api.get<Guide>('api/v1/sys_guide/detail', { id }, { silent: true });
}
