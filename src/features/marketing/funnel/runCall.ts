import { errorMessage } from '../../../api/client';
import { callApi } from '../../../api/call';
import type { CallArgs, CallDef } from '../../../contract/call';
import type { z } from '../../../contract/zod';
import { notifyError, notifySuccess } from '../../../components/feedback';

/** Makes a funnel call and says how it went: the answer, or undefined after showing the server's message. */
export async function runCall<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, A>(
  def: CallDef<Q, B, A>,
  args: CallArgs<Q, B>,
  okMsg: string,
  failMsg: string,
): Promise<A | undefined> {
  try {
    const out = await callApi(def, args);
    notifySuccess(okMsg);
    return out;
  } catch (e) {
    notifyError(errorMessage(e, failMsg));
    return undefined;
  }
}
