/**
 * 任务监控 (administrators only: the menu row is the admin role's, the API's calls are @AdminOnly): every
 * queued job of every kind, newest first — state tabs with counts, a kind filter, progress, times, duration,
 * error, 重试 for a failed job; reloaded every 2 s while a job waits or runs; in BullMQ mode a link to the
 * queue dashboard (bull-board). Filters and page live in the URL.
 */
import { ADMIN_JOBS, JOB_STATE_LABELS, JOB_STATES, durationText, type JobRun, type JobState } from '@car/contracts';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { Button, Label, Menu, Progress, Table } from 'semantic-ui-react';

import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, apiPost, failureData, throwAsRouteError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { titled } from '~/utils/meta';
import { urlState } from '~/utils/url-state';
import { useRevalidation } from '~/utils/use-revalidation';
import jobsCss from '~/styles/jobs.css?url';

export const meta: MetaFunction = () => titled('任务监控');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: jobsCss }];

/** While a job waits or runs, the page reads the queue again this often. */
export const JOBS_REFRESH_MS = 2000;

const STATE_COLORS: Record<JobState, 'grey' | 'blue' | 'green' | 'red'> = { waiting: 'grey', active: 'blue', completed: 'green', failed: 'red' };

/**
 * The filters in the address: a state the tabs do not offer and a page that is no page read as none and as
 * page 1; a kind goes to the API as given, which names a kind it does not know.
 */
function filtersOf(request: Request): { state?: JobState; kind?: string; page: number } {
  const url = urlState(ADMIN_JOBS.list.params, request);
  return { state: url.value('state', { fallback: undefined }), kind: url.given('kind') || undefined, page: url.value('page') };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = filtersOf(request);
  try {
    const [summary, page] = await Promise.all([
      apiGet(request, context, ADMIN_JOBS.summary, { kind: filters.kind }),
      apiGet(request, context, ADMIN_JOBS.list, { state: filters.state, kind: filters.kind, page: filters.page }),
    ]);
    return { summary, page, filters };
  } catch (error) {
    return throwAsRouteError(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    const result = await apiPost(request, context, ADMIN_JOBS.retry, { id: formText(form, 'id') });
    return { done: '已重新排队', result };
  } catch (error) {
    return failureData(error);
  }
}

/** The page's address with some filters changed (a new state or kind starts again at page 1). */
function hrefWith(filters: { state?: string; kind?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '.';
}

function RetryButton({ job }: { job: JobRun }) {
  const retry = useFetcher<typeof action>();
  const { show } = useToast();
  useFailureToast(retry.data && 'failure' in retry.data && isApiFailure(retry.data.failure) ? retry.data.failure : null);
  useEffect(() => {
    if (retry.data && 'done' in retry.data) show('success', retry.data.done, 3000);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast for each new answer only (the toast hook's `show` is not a reason to show it again)
  }, [retry.data]);
  return (
    <retry.Form method="post">
      <input type="hidden" name="id" value={job.id} />
      <Button size="mini" type="submit" primary basic loading={retry.state !== 'idle'} disabled={retry.state !== 'idle'} aria-label={`重试 ${job.kindLabel}`}>
        重试
      </Button>
    </retry.Form>
  );
}

export default function AdminJobsPage() {
  const { summary, page, filters } = useLoaderData<typeof loader>();
  const revalidator = useRevalidation();
  const busy = summary.counts.waiting + summary.counts.active > 0;
  const total = JOB_STATES.reduce((sum, state) => sum + summary.counts[state], 0);

  useEffect(() => {
    if (!busy || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => revalidator.revalidate(), JOBS_REFRESH_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator's state is the dependency; the object itself changes while it runs
  }, [busy, revalidator.state, summary, page]);

  return (
    <div className="jobs-page">
      <div className="jobs-page__head">
        <h2 className="jobs-page__title">任务监控</h2>
        <span className="jobs-page__mode">
          队列：{summary.mode === 'bullmq' ? 'BullMQ（Redis，由 worker 执行）' : '进程内（未配置 Redis，由应用执行）'}
          {busy ? '，每 2 秒自动刷新' : ''}
        </span>
        {summary.board ? (
          <a className="jobs-page__board" href={summary.board} target="_blank" rel="noreferrer">
            打开队列看板
          </a>
        ) : null}
      </div>
      <Menu tabular className="jobs-page__tabs">
        <Menu.Item as={Link} to={hrefWith({ kind: filters.kind })} active={!filters.state} preventScrollReset>
          全部 <Label size="mini">{total}</Label>
        </Menu.Item>
        {JOB_STATES.map((state) => (
          <Menu.Item key={state} as={Link} to={hrefWith({ state, kind: filters.kind })} active={filters.state === state} preventScrollReset>
            {JOB_STATE_LABELS[state]}{' '}
            <Label size="mini" color={summary.counts[state] > 0 ? STATE_COLORS[state] : undefined}>
              {summary.counts[state]}
            </Label>
          </Menu.Item>
        ))}
      </Menu>
      <Form method="get" className="jobs-page__filters">
        {filters.state ? <input type="hidden" name="state" value={filters.state} /> : null}
        <label className="jobs-page__field">
          <span>任务类型</span>
          <select name="kind" defaultValue={filters.kind ?? ''} key={filters.kind ?? ''} aria-label="任务类型">
            <option value="">全部类型</option>
            {summary.kinds.map((kind) => (
              <option key={kind.name} value={kind.name}>
                {kind.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="small">
          筛选
        </Button>
      </Form>
      <Table celled compact unstackable className="jobs-page__table">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>任务类型</Table.HeaderCell>
            <Table.HeaderCell>状态</Table.HeaderCell>
            <Table.HeaderCell className="jobs-page__progress-cell">进度</Table.HeaderCell>
            <Table.HeaderCell>入队时间</Table.HeaderCell>
            <Table.HeaderCell>耗时</Table.HeaderCell>
            <Table.HeaderCell>次数</Table.HeaderCell>
            <Table.HeaderCell>提交人</Table.HeaderCell>
            <Table.HeaderCell>参数</Table.HeaderCell>
            <Table.HeaderCell>错误</Table.HeaderCell>
            <Table.HeaderCell>操作</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {page.items.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={10} textAlign="center" className="jobs-page__empty">
                暂无任务
              </Table.Cell>
            </Table.Row>
          ) : null}
          {page.items.map((job) => (
            <Table.Row key={job.id} data-job-id={job.id} data-state={job.state}>
              <Table.Cell title={job.kind}>{job.kindLabel}</Table.Cell>
              <Table.Cell>
                <Label size="small" color={STATE_COLORS[job.state]}>
                  {JOB_STATE_LABELS[job.state]}
                </Label>
              </Table.Cell>
              <Table.Cell className="jobs-page__progress-cell">
                <Progress
                  percent={job.progress}
                  size="tiny"
                  indicating={job.state === 'active'}
                  success={job.state === 'completed'}
                  error={job.state === 'failed'}
                />
                <span className="jobs-page__percent">{job.progress}%</span>
              </Table.Cell>
              <Table.Cell>{job.enqueuedAt}</Table.Cell>
              <Table.Cell>{durationText(job.durationMs)}</Table.Cell>
              <Table.Cell>{job.attempts}</Table.Cell>
              <Table.Cell>{job.enqueuedBy ?? '系统'}</Table.Cell>
              <Table.Cell className="jobs-page__payload" title={job.id}>
                {job.payload}
              </Table.Cell>
              <Table.Cell className="jobs-page__error">{job.error ?? ''}</Table.Cell>
              <Table.Cell>{job.state === 'failed' ? <RetryButton job={job} /> : null}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <div className="jobs-page__pager">
        <span>
          共 {page.total} 个，第 {page.page} 页
        </span>
        {page.page > 1 ? (
          <Link to={hrefWith({ ...filters, page: page.page - 1 })} preventScrollReset>
            上一页
          </Link>
        ) : null}
        {page.hasMore ? (
          <Link to={hrefWith({ ...filters, page: page.page + 1 })} preventScrollReset>
            下一页
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
