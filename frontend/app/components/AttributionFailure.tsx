/**
 * 归因分析's answer refused (a 400 of a combination the call does not take: 1-2月合计 in October, a province split of
 * wholesale) or failed: the call's Chinese message where the figures would be, under the choices that can mend it. The
 * toast says it too, as on every page; no veil is left turning.
 */
import { Message } from 'semantic-ui-react';

export function AttributionFailure({ msg }: { msg: string | null }) {
  if (msg === null) return null;
  return (
    <Message negative className="attribution-failure">
      <Message.Header>未能计算归因</Message.Header>
      <p>{msg}</p>
    </Message>
  );
}
