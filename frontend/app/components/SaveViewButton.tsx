/**
 * 保存视图: beside 复制链接 on the analysis pages (ANALYSIS_PAGES), it saves the page's address (filters, dimension,
 * columns, sort: the state lives in the URL) under a name the user gives, into 我的视图 (decision 187).
 */
import { useLocation } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { Icon } from 'semantic-ui-react';

import { analysisPageOf } from '@car/contracts';

import { viewAddressOf } from '~/utils/views';
import { ViewNameDialog } from './ViewNameDialog';

export function SaveViewButton({ className = '' }: { className?: string }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const doneText = useCallback((name: string) => `已保存视图「${name}」，可在我的视图中打开`, []);
  const page = analysisPageOf(location.pathname);
  if (!page) return null;
  const { path, query } = viewAddressOf(location);
  return (
    <>
      <button type="button" className={`copy-link save-view ${className}`.trim()} onClick={() => setOpen(true)} title="把本页的筛选条件保存到我的视图">
        <Icon name="bookmark outline" />
        保存视图
      </button>
      {open ? <ViewNameDialog title="保存视图" intent="save" initialName={page.name} fields={{ path, query }} doneText={doneText} onClose={close} /> : null}
    </>
  );
}
