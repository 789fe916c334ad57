import type { Page } from '../contract/envelope';
import { api } from './client';

/** An operation guide article (sys_guide, src/contract/resources/teaching.ts). */
export interface Guide {
  id: number;
  title: string;
  content?: string | null;
  /** 0 草稿, 1 已发布 */
  status?: number | null;
  sort?: number | null;
  publish_time?: string | null;
  updated_at?: string | null;
}

/** Published guides, in their order. */
export function fetchGuidePage(q: { page: number; rows: number; title?: string }): Promise<Page<Guide>> {
  return api.get<Page<Guide>>('api/v1/sys_guide/page', { ...q, status: 1 }, { silent: true });
}

export function fetchGuideDetail(id: number): Promise<Guide> {
  return api.get<Guide>('api/v1/sys_guide/detail', { id }, { silent: true });
}

/** Publishes (status 1) or takes back to draft (status 0). */
export function publishGuides(ids: number[], status: 0 | 1): Promise<{ count: number }> {
  return api.post<{ count: number }>('api/v1/sys_guide/publish', { ids, status }, { silent: true });
}
