/**
 * An export job's progress: the bar with rows written of rows expected and the phase, polled every
 * second while the job runs (spec: at least every 2 s), then the download link or the failure.
 */
import type { ExportJobView } from '@car/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { Progress } from 'semantic-ui-react';

import { useFailureToast } from '~/components/Toast';
import { isApiFailure, type ApiFailure } from '~/utils/api-failure';
import { EXPORT_NO_ROWS, thousands as formatThousands } from '@car/contracts';

export const POLL_MS = 1000;

type JobAnswer = { job: ExportJobView } | { failure: ApiFailure };

export function isRunning(job: ExportJobView): boolean {
  return job.status === 'queued' || job.status === 'running';
}

export function ExportProgress({ job: initial, onUpdate }: { job: ExportJobView; onUpdate: (job: ExportJobView) => void }) {
  const fetcher = useFetcher<JobAnswer>();
  const answer = fetcher.data;
  const job = answer && 'job' in answer && answer.job.id === initial.id ? answer.job : initial;
  const running = isRunning(job);
  const failure = answer && 'failure' in answer && isApiFailure(answer.failure) ? answer.failure : null;
  useFailureToast(failure);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => fetcher.load(`/exportjob?id=${job.id}`), POLL_MS);
    return () => clearTimeout(timer);
    // A new answer (its rows) schedules the next poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher changes with each load it makes; only a new answer polls again
  }, [running, job.id, job.rowsWritten, job.phase, answer]);

  useEffect(() => {
    if (job !== initial) onUpdate(job);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reports each new state of the job once; `initial` and the parent's `onUpdate` are not news
  }, [job]);

  const rows =
    job.rowsExpected === null ? `${formatThousands(job.rowsWritten)} 行` : `${formatThousands(job.rowsWritten)} / ${formatThousands(job.rowsExpected)} 行`;
  return (
    <div className="export-progress" data-testid="export-progress">
      <Progress percent={job.percent} progress indicating={running} success={job.status === 'done'} error={job.status === 'failed'} size="small">
        {job.phaseText}（{rows}）
      </Progress>
      {job.status === 'done' && job.result ? (
        <a className="export-progress__link" href={job.result} download={job.fileName}>
          下载 {job.fileName}
        </a>
      ) : null}
      {job.status === 'done' && job.rowsWritten === 0 ? <p className="export-progress__empty">{EXPORT_NO_ROWS}：所选条件下没有数据</p> : null}
      {job.status === 'failed' ? <p className="export-progress__error">{job.error}</p> : null}
    </div>
  );
}
