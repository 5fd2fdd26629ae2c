/**
 * A report bundle's progress: files added of files to add, polled every second while the job runs; when
 * done the zip downloads at once and its link stays; a failure says why.
 */
import type { ReportBundleView } from '@car/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Progress } from 'semantic-ui-react';

import { POLL_MS } from '~/components/ExportProgress';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure, type ApiFailure } from '~/utils/api-failure';

type BundleAnswer = { bundle: ReportBundleView } | { failure: ApiFailure };

export function ReportBundleProgress({ bundle: initial }: { bundle: ReportBundleView }) {
  const fetcher = useFetcher<BundleAnswer>();
  const answer = fetcher.data;
  const bundle = answer && 'bundle' in answer && answer.bundle.id === initial.id ? answer.bundle : initial;
  const running = bundle.status === 'queued' || bundle.status === 'running';
  useFailureToast(answer && 'failure' in answer && isApiFailure(answer.failure) ? answer.failure : null);
  const fetched = useRef<string | null>(null);
  const toast = useToast();

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => fetcher.load(`/reportbundle?id=${bundle.id}`), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, bundle.id, bundle.filesAdded, answer]);

  useEffect(() => {
    if (bundle.status !== 'done' || !bundle.result || fetched.current === bundle.id) return;
    fetched.current = bundle.id;
    void toast.download(bundle.result, bundle.fileName ?? undefined);
  }, [bundle.status, bundle.result, bundle.id, bundle.fileName, toast]);

  return (
    <div className="report-bundle" data-testid="report-bundle">
      <Progress percent={bundle.percent} progress indicating={running} success={bundle.status === 'done'} error={bundle.status === 'failed'} size="small">
        {bundle.statusText}（{bundle.filesAdded} / {bundle.filesExpected} 个文件）
      </Progress>
      {bundle.status === 'done' && bundle.result ? (
        <a className="report-bundle__link" href={bundle.result} download={bundle.fileName}>
          下载 {bundle.fileName}
        </a>
      ) : null}
      {bundle.status === 'failed' ? <p className="report-bundle__error">{bundle.error}</p> : null}
    </div>
  );
}
