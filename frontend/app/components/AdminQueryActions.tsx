/** The buttons under an administration page's query form: 查询, 重置 (the page without parameters) and the page's own. */
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button } from 'semantic-ui-react';

export function AdminQueryActions({ resetTo, children }: { resetTo: string; children?: ReactNode }) {
  return (
    <div className="admin-page__actions">
      <Button type="submit" primary>
        查询
      </Button>
      <Link to={resetTo} className="ui button">
        重置
      </Link>
      {children}
    </div>
  );
}
