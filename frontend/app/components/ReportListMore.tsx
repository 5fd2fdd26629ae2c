/** Under a report list: 点击加载更多 while more match (spec §9: 10 more each time), else 没有更多数据了哦. */
import { REPORT_DOWNLOAD, REPORT_LOAD_MORE, REPORT_NO_MORE } from '@car/contracts';

import { apiDownloadHref } from '~/utils/download';

export function ReportListMore({ hasMore, disabled = false, onMore }: { hasMore: boolean; disabled?: boolean; onMore: () => void }) {
  return (
    <div className="report-page__more">
      {hasMore ? (
        <button type="button" className="report-page__load-more" disabled={disabled} onClick={onMore}>
          {REPORT_LOAD_MORE}
        </button>
      ) : (
        <span className="report-page__no-more">{REPORT_NO_MORE}</span>
      )}
    </div>
  );
}

/** The link that downloads reports: one id the file, several the zip (reportDownload/download). */
export const reportDownloadHref = (ids: readonly number[]) => apiDownloadHref(REPORT_DOWNLOAD.download, { ids: ids.join(',') });
