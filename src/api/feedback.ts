import { PATHS } from '../contract/paths';
import { request } from './request';
import { errorMessage } from './client';

/** Submits user feedback; answers the failure message, or null on success (spec doc 000 §8). */
export async function submitFeedback(body: { content: string; files: string }): Promise<string | null> {
  try {
    const env = await request<unknown>({ url: PATHS.feedbackAdd, method: 'POST', data: body });
    return env.code === 200 ? null : env.msg || '反馈失败';
  } catch (e) {
    return errorMessage(e, '反馈失败');
  }
}
