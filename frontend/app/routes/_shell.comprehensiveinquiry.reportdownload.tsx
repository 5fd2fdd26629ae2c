/**
 * 报告下载 (spec 001 §2.10, §4, §9): the upload-month range (default January of this year to this month),
 * the producers through the A–Z dialog (reopens with its choice; 清空 empties it), the report-name filter;
 * the table with checkboxes, select-all and 下载 (one report: its file; several: a zip made by a job with
 * progress); 点击加载更多 grows the page size by 10, 没有更多数据了哦 at the end. No filter side panel. The user's own
 * reports (their competitor sets' monthly decks, decision 299) are listed like the others, marked 仅自己可见.
 * An address without `producerIds` opens on the user's own producer where the account has one (issue 45 §5,
 * decision 277); `producerIds=` (empty) is 全部厂商, which the dialog's 清空 writes.
 */
import {
  REPORT_DOWNLOAD,
  REPORT_FILE_TYPES,
  REPORT_PAGE_SIZE,
  type ReportBundleView,
  SEARCH,
  defaultReportRange,
  formatMonth,
  reportUploadMonths,
} from '@car/contracts';
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Input, Table } from 'semantic-ui-react';

import { MonthPicker } from '~/components/MonthPicker';
import { useFollowingPickList } from '~/components/PickListDialog';
import { ReportBundleProgress } from '~/components/ReportBundleProgress';
import { ReportListMore, reportDownloadHref as downloadHref } from '~/components/ReportListMore';
import { ReportMineLabel } from '~/components/ReportMineLabel';
import { MakerDialog } from '~/components/MakerDialog';
import { PickButton } from '~/components/PickButton';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure, type ApiFailure } from '~/utils/api-failure';
import { apiGet } from '~/utils/api.server';
import { titled } from '~/utils/meta';
import { reportListSize } from '~/utils/report-list';
import { settle } from '~/utils/settle.server';
import { displayText, type PickItem, selectionOf } from '~/utils/pick-list';
import { loadOwnMaker } from '~/utils/security.server';
import { urlState } from '~/utils/url-state';
import reportsCss from '~/styles/reports.css?url';

export const meta: MetaFunction = () => titled('报告下载');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = urlState(REPORT_DOWNLOAD.list.params, request);
  const range = defaultReportRange();
  // The filters go to the API as given: it names a month or producer it refuses (the toast), the page stays.
  const startDate = url.given('startDate') || formatMonth(range.startDate);
  const endDate = url.given('endDate') || formatMonth(range.endDate);
  const given = url.given('producerIds');
  // No producer in the address: the account's own producer, if it has one (an administrator has none: all producers).
  const own = given === null ? await loadOwnMaker(request, context) : {};
  const producerIds = given ?? ('producerId' in own ? String(own.producerId) : '');
  const name = url.given('name') ?? '';
  const size = reportListSize(request, REPORT_PAGE_SIZE);
  // A refused filter (a producer id that names none, decision 131) leaves the list empty and its message in the toast; the page stays.
  const [list, makers] = await Promise.all([
    settle(apiGet(request, context, REPORT_DOWNLOAD.list, { startDate, endDate, producerIds, name, page: 1, pageSize: size })),
    producerIds ? settle(apiGet(request, context, SEARCH.producers, {})) : null,
  ]);
  const page = list.value ?? { items: [], total: 0, page: 1, pageSize: size, hasMore: false };
  // The chosen producers by name, for the button and the dialog's choice.
  const named = new Map((makers?.value ?? []).flatMap((group) => group.list.map((item) => [item.id, item.name] as const)));
  const producers: PickItem[] = producerIds
    .split(',')
    .map(Number)
    .filter((id) => named.has(id))
    .map((id) => ({ id, name: named.get(id) ?? '' }));
  return { page, failure: list.failure, startDate, endDate, producerIds, producers, name, size, months: reportUploadMonths() };
}

type BundleAnswer = { bundle: ReportBundleView } | { failure: ApiFailure };

export default function ReportDownloadPage() {
  const data = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const [start, setStart] = useState(data.startDate);
  const [end, setEnd] = useState(data.endDate);
  const [name, setName] = useState(data.name);
  // The dialog's choice follows the address (the loader names its producers); 查询 writes the confirmed one.
  const incoming = useMemo(() => selectionOf(data.producers), [data.producers]);
  const producers = useFollowingPickList(incoming);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const bundler = useFetcher<BundleAnswer>();
  const toast = useToast();
  const bundleAnswer = bundler.data;
  useFailureToast(bundleAnswer && 'failure' in bundleAnswer && isApiFailure(bundleAnswer.failure) ? bundleAnswer.failure : null);
  useFailureToast(data.failure);
  const bundle = bundleAnswer && 'bundle' in bundleAnswer ? bundleAnswer.bundle : null;

  const items = data.page.items;
  // A new list keeps only the checks of rows still shown.
  useEffect(() => {
    setChosen((current) => new Set(items.filter((item) => current.has(item.id)).map((item) => item.id)));
  }, [items]);

  const search = (size = REPORT_PAGE_SIZE) => {
    const params = new URLSearchParams({ startDate: start, endDate: end });
    // Always written: without it the page would open on the user's own producer again (an empty one is 全部厂商).
    params.set('producerIds', producers.state.confirmed.items.map((item) => String(item.id)).join(','));
    if (name.trim()) params.set('name', name.trim());
    if (size > REPORT_PAGE_SIZE) params.set('size', String(size));
    setSearchParams(params, { preventScrollReset: true });
  };
  const reset = () => {
    const range = defaultReportRange();
    setStart(formatMonth(range.startDate));
    setEnd(formatMonth(range.endDate));
    setName('');
    setChosen(new Set());
    setSearchParams(new URLSearchParams(), { preventScrollReset: true });
  };
  const loadMore = () => {
    setSearchParams(
      (params) => {
        params.set('size', String(data.size + REPORT_PAGE_SIZE));
        return params;
      },
      { preventScrollReset: true },
    );
  };
  const allChosen = items.length > 0 && items.every((item) => chosen.has(item.id));
  const toggleAll = () => setChosen(allChosen ? new Set() : new Set(items.map((item) => item.id)));
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const ids = items.filter((item) => chosen.has(item.id)).map((item) => item.id);
  const download = () => {
    if (ids.length === 1) void toast.download(downloadHref(ids));
    else if (ids.length > 1) bundler.load(`/reportbundle?ids=${ids.join(',')}`);
  };
  const loading = navigation.state === 'loading';

  return (
    <div className="report-page">
      <h2 className="report-page__title">报告下载</h2>
      <div className="report-page__filters">
        <label className="report-page__field">
          <span>上传月份</span>
          <MonthPicker name="startDate" value={start} months={data.months} onChange={(m) => (setStart(m), m > end && setEnd(m))} />
          <span>至</span>
          <MonthPicker name="endDate" value={end} months={data.months} onChange={(m) => (setEnd(m), m < start && setStart(m))} />
        </label>
        <div className="report-page__field">
          <span>厂商</span>
          <PickButton label="选择厂商" className="report-page__producers" onClick={producers.open}>
            {producers.state.confirmed.items.length
              ? displayText(producers.state.confirmed.items)
              : data.producerIds && data.producers.length === 0
                ? `已选 ${data.producerIds.split(',').length} 个厂商`
                : '全部厂商'}
          </PickButton>
        </div>
        <label className="report-page__field">
          <span>报告名称</span>
          <Input
            value={name}
            placeholder="输入报告名称"
            onChange={(_, { value }) => setName(String(value))}
            onKeyDown={(e: { key: string }) => e.key === 'Enter' && search()}
          />
        </label>
        <Button primary type="button" loading={loading} onClick={() => search()}>
          查询
        </Button>
        <Button type="button" onClick={reset}>
          重置
        </Button>
      </div>
      <MakerDialog kind="reportProducer" pick={producers} />
      <div className="report-page__actions">
        <Checkbox id="report-select-all" label="全选" checked={allChosen} disabled={items.length === 0} onChange={toggleAll} />
        <Button primary type="button" disabled={ids.length === 0 || bundler.state !== 'idle'} loading={bundler.state !== 'idle'} onClick={download}>
          下载{ids.length ? `（${ids.length}）` : ''}
        </Button>
      </div>
      {bundle ? <ReportBundleProgress bundle={bundle} /> : null}
      <Table celled compact unstackable className="report-page__table">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell collapsing>
              <Checkbox aria-label="全选本页" checked={allChosen} disabled={items.length === 0} onChange={toggleAll} />
            </Table.HeaderCell>
            <Table.HeaderCell>上传时间</Table.HeaderCell>
            <Table.HeaderCell>厂商名称</Table.HeaderCell>
            <Table.HeaderCell>报告名称</Table.HeaderCell>
            <Table.HeaderCell collapsing>类型</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id} active={chosen.has(item.id)}>
              <Table.Cell collapsing>
                <Checkbox aria-label={`选择 ${item.name}`} checked={chosen.has(item.id)} onChange={() => toggle(item.id)} />
              </Table.Cell>
              <Table.Cell>{item.createTime}</Table.Cell>
              <Table.Cell>{item.producerName}</Table.Cell>
              <Table.Cell>
                <a href={downloadHref([item.id])} download>
                  {item.name}
                </a>
                <ReportMineLabel mine={item.mine} />
              </Table.Cell>
              <Table.Cell collapsing>{REPORT_FILE_TYPES[item.fileType].label}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <ReportListMore hasMore={data.page.hasMore} disabled={loading} onMore={loadMore} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
