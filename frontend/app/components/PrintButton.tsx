/**
 * 打印: in the shell's header beside 保存视图 and 复制链接 on the analysis pages (ANALYSIS_PAGES; the dashboard, a wall
 * display outside the shell, prints as its deck), it prints the page as it stands, through the browser's print dialog
 * (which also saves a PDF). What prints is print.css's: the page's content
 * with its filter tags as the caption, no frame, controls, sort arrows or list ends (issue 45 §5, decision 284).
 */
import { useLocation } from '@remix-run/react';
import { Icon } from 'semantic-ui-react';

import { analysisPageOf } from '@car/contracts';

export function PrintButton({ className = '' }: { className?: string }) {
  const location = useLocation();
  if (!analysisPageOf(location.pathname)) return null;
  return (
    <button type="button" className={`copy-link print-page ${className}`.trim()} onClick={() => window.print()} title="打印本页（可在打印对话框中另存为 PDF）">
      <Icon name="print" />
      打印
    </button>
  );
}
