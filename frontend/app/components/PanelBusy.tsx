/** A panel's own loading state (spec: each panel has its own loading flag): a veil with a small loader. */
import { Loader } from 'semantic-ui-react';

export function PanelBusy({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div className="panel-busy" role="status" aria-label="加载中">
      <Loader active inline="centered" size="small" />
    </div>
  );
}
