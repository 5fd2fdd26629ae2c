import type { ReactNode } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

export function EmptyState({ icon = 'inbox', title, children }: { icon?: SemanticICONS; title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon name={icon} size="huge" className="empty-state__icon" />
      <h2 className="empty-state__title">{title}</h2>
      {children ? <div className="empty-state__body">{children}</div> : null}
    </div>
  );
}
