/**
 * A data import's progress: rows read, valid and written, errors and warnings, polled every second while
 * its job works (as the exports' progress is); then the problems, and for an import with errors the choice
 * to write its valid rows or to cancel it.
 */
import { IMPORT_BUSY_STATES, thousands, type DataImportView, type ImportProblems } from '@car/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { Button, Message, Progress } from 'semantic-ui-react';

import { POLL_MS } from '~/components/ExportProgress';
import { ImportProblemTable } from '~/components/ImportProblemTable';
import { useFailureToast } from '~/components/Toast';
import { isApiFailure, type ApiFailure } from '~/utils/api-failure';

type ImportAnswer = { job: DataImportView; problems: ImportProblems } | { failure: ApiFailure };

/** How far along an import is, as a share of its steps (check, write, rollups). */
const PERCENT: Record<DataImportView['state'], number> = {
  queued: 2,
  validating: 30,
  review: 50,
  writing: 70,
  publishing: 90,
  done: 100,
  failed: 100,
  cancelled: 100,
};

export function ImportProgress(props: {
  job: DataImportView;
  problems: ImportProblems;
  onDecide: (intent: 'confirm' | 'cancel') => void;
  deciding: boolean;
  onSettled: () => void;
}) {
  const fetcher = useFetcher<ImportAnswer>();
  const answer = fetcher.data;
  const fresh = answer && 'job' in answer && answer.job.id === props.job.id ? answer : null;
  const job = fresh?.job ?? props.job;
  const problems = fresh?.problems ?? props.problems;
  const busy = IMPORT_BUSY_STATES.includes(job.state);
  useFailureToast(answer && 'failure' in answer && isApiFailure(answer.failure) ? answer.failure : null);

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => fetcher.load(`/importjob?id=${job.id}`), POLL_MS);
    return () => clearTimeout(timer);
    // A new answer schedules the next poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher changes with each load it makes; only a new answer polls again
  }, [busy, job.id, answer]);

  useEffect(() => {
    if (fresh && !busy) props.onSettled();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- settles once, when the job's state changes
  }, [fresh?.job.state]);

  return (
    <section className="import-progress" data-testid="import-progress" aria-label="导入进度">
      <h3 className="import-progress__title">
        {job.kindText}：{job.fileName}（{job.from} 至 {job.to}）
      </h3>
      <Progress percent={PERCENT[job.state]} indicating={busy} success={job.state === 'done'} error={job.state === 'failed'} size="small">
        {job.stateText}
      </Progress>
      <p className="import-progress__counts">
        已读 {thousands(job.rowsParsed)} 行 · 有效 {thousands(job.rowsValid)} 行 · 已写入 {thousands(job.rowsWritten)} 行 · 错误 {thousands(job.errors)} · 警告{' '}
        {thousands(job.warnings)}
        {job.months.length > 0 ? ` · 月份 ${job.months.join('、')}` : ''}
      </p>
      {job.state === 'failed' ? <Message negative content={job.error} /> : null}
      {job.state === 'done' ? (
        <Message positive content={`已导入 ${job.months.join('、')} 的${job.kindText}数据，汇总已重建，各页面的月份中已可选择。`} />
      ) : null}
      {job.state === 'review' ? (
        <div className="import-progress__decide">
          <span>文件有错误，尚未写入任何数据。</span>
          <Button primary type="button" disabled={props.deciding || job.rowsValid === 0} onClick={() => props.onDecide('confirm')}>
            导入有效行（{thousands(job.rowsValid)} 行）
          </Button>
          <Button type="button" disabled={props.deciding} onClick={() => props.onDecide('cancel')}>
            取消导入
          </Button>
        </div>
      ) : null}
      <ImportProblemTable importId={job.id} problems={problems} />
    </section>
  );
}
