/**
 * The action of a page whose forms post an `intent` (the button's operation: create, update, delete …): one
 * handler per intent, given the posted form. An intent the page does not have (a stale or hand-made post)
 * answers 未知的操作; a call the API refuses answers its message as data, so the page stays and shows it.
 */
import { failureData, unknownIntent } from './api.server';
import { formText } from './form-text';

type Handler = (form: FormData) => Promise<unknown>;
type Answer<H extends Record<string, Handler>> = Awaited<ReturnType<H[keyof H]>> | ReturnType<typeof failureData> | ReturnType<typeof unknownIntent>;

export async function intentAction<H extends Record<string, Handler>>(request: Request, handlers: H): Promise<Answer<H>> {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  // Own keys only: an intent such as 'toString' names no operation.
  if (!Object.prototype.hasOwnProperty.call(handlers, intent)) return unknownIntent();
  try {
    return (await handlers[intent](form)) as Awaited<ReturnType<H[keyof H]>>;
  } catch (error) {
    return failureData(error);
  }
}
