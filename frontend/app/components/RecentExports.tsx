/**
 * 我的导出: the caller's recent exports — what each asked (kind, months, filters, in the form's words), its
 * state, its rows (无数据（0 行） when it found none) and the link of each complete file — kept fresh while
 * any is queued or running (the list alone is asked again, every LIST_POLL_MS, until none is), and 重新生成,
 * which queues the same form again as a new job (decision 180).
 */
import { EXPORT_NO_ROWS, type ExportJobView, thousands as formatThousands } from '@car/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button, Table } from 'semantic-ui-react';

import { isRunning } from '~/components/ExportProgress';
import { useFailureToast } from '~/components/Toast';
import { isApiFailure, type ApiFailure } from '~/utils/api-failure';
import { KIND_FIELD } from '~/utils/export-form';

/** How often the list is asked again while a job is queued or running. */
export const LIST_POLL_MS = 2000;

type ListAnswer = { jobs: ExportJobView[] } | { failure: ApiFailure };
type AgainAnswer = { job: ExportJobView } | { failure: ApiFailure };

function timeText(iso: string): string {
  const local = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

function stateText(job: ExportJobView): string {
  if (job.status === 'failed') return `${job.phaseText}：${job.error ?? ''}`;
  return `${job.phaseText}${job.status === 'running' ? ` ${job.percent}%` : ''}`;
}

/** `latest`: the id of a job the page has just queued, so the list shows it at once. */
export function RecentExports({ jobs, latest }: { jobs: readonly ExportJobView[]; latest?: string | null }) {
  const list = useFetcher<ListAnswer>();
  const again = useFetcher<AgainAnswer>();
  const [shown, setShown] = useState<readonly ExportJobView[]>(jobs);
  useEffect(() => setShown(jobs), [jobs]);
  useEffect(() => {
    if (list.data && 'jobs' in list.data) setShown(list.data.jobs);
  }, [list.data]);
  useEffect(() => {
    if (latest && !shown.some((job) => job.id === latest)) list.load('/exportjobs');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asks once per new job; the fetcher changes with each load
  }, [latest]);
  const busy = shown.some(isRunning);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => list.load('/exportjobs'), LIST_POLL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each new answer schedules the next ask; none once no job runs
  }, [busy, shown, list.data]);
  const refused = again.data && 'failure' in again.data && isApiFailure(again.data.failure) ? again.data.failure : null;
  useFailureToast(refused);

  const regenerate = (job: ExportJobView) =>
    again.submit(new URLSearchParams([[KIND_FIELD, job.kind], ...job.form]), { method: 'post', action: '/exportjobs' });

  return (
    <section className="recent-exports" aria-label="我的导出" aria-busy={busy}>
      <h3 className="recent-exports__title">我的导出</h3>
      {shown.length === 0 ? (
        <p className="recent-exports__empty">还没有导出记录</p>
      ) : (
        <Table compact size="small" celled>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>导出</Table.HeaderCell>
              <Table.HeaderCell>月份</Table.HeaderCell>
              <Table.HeaderCell>筛选条件</Table.HeaderCell>
              <Table.HeaderCell>提交时间</Table.HeaderCell>
              <Table.HeaderCell>状态</Table.HeaderCell>
              <Table.HeaderCell>行数</Table.HeaderCell>
              <Table.HeaderCell>操作</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((job) => (
              <Table.Row key={job.id} data-job={job.id}>
                <Table.Cell className="recent-exports__kind">
                  <div>{job.kindText}</div>
                  {job.status === 'done' && job.result ? (
                    <a href={job.result} download={job.fileName} className="recent-exports__file">
                      {job.fileName}
                    </a>
                  ) : (
                    <span className="recent-exports__file">{job.fileName}</span>
                  )}
                </Table.Cell>
                <Table.Cell className="recent-exports__months">{job.monthsText}</Table.Cell>
                <Table.Cell className="recent-exports__conditions">
                  {job.conditions.length === 0 ? '无筛选（全部）' : job.conditions.map((line) => <div key={line}>{line}</div>)}
                </Table.Cell>
                <Table.Cell>{timeText(job.createdAt)}</Table.Cell>
                <Table.Cell className="recent-exports__state">{stateText(job)}</Table.Cell>
                <Table.Cell className="recent-exports__rows">
                  {job.status === 'done' && job.rowsWritten === 0 ? EXPORT_NO_ROWS : formatThousands(job.rowsWritten)}
                </Table.Cell>
                <Table.Cell>
                  <Button
                    type="button"
                    size="mini"
                    basic
                    disabled={again.state !== 'idle'}
                    onClick={() => regenerate(job)}
                    aria-label={`重新生成 ${job.fileName}`}
                  >
                    重新生成
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </section>
  );
}
