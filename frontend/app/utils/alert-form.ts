/**
 * The subscription form's rules (我的订阅): what the form starts with — a subscription being edited, or the view a page
 * or 我的视图 linked with `path`, `search` and `name` — and the JSON body its fields become.
 */
import {
  ALERT_MEASURES,
  ALERT_PAGES,
  type AlertComparison,
  type AlertKind,
  type AlertMeasure,
  type AlertRowKind,
  type AlertSubscription,
  type FigureSubscription,
  isSetMeasure,
  SET_ALERT_PATH,
  subscriptionFields,
  subscriptionTitle,
} from '@car/contracts';

/** 订阅此视图 (the header) and 订阅 (a 我的视图 row): the subscription form with a view's address and name filled in. */
export function subscribeHref(pathname: string, search: string, name: string): string {
  return `${ALERT_PAGES.subscriptions}?${new URLSearchParams({ path: pathname, search: search.replace(/^\?/, ''), name }).toString()}`;
}

/**
 * A bell on a card or a ranking row (issue 45 §4, decision 279): the form of a condition on that figure of that row, with
 * the page's address (its filters) and, as the name, the title in words.
 */
export function subscribeFigureHref(pathname: string, search: string, figure: FigureSubscription): string {
  const query = search.replace(/^\?/, '');
  return `${ALERT_PAGES.subscriptions}?${new URLSearchParams({
    path: pathname,
    search: query,
    name: subscriptionTitle(pathname, query, figure.rowName),
    kind: 'condition',
    measure: figure.measure,
    rowKind: figure.rowKind,
    rowId: String(figure.rowId),
    rowName: figure.rowName,
  }).toString()}`;
}

/** The bell's accessible name: '订阅 一汽-大众 的销量提醒'. */
export function subscribeFigureLabel(figure: FigureSubscription): string {
  return `订阅 ${figure.rowName} 的${ALERT_MEASURES[figure.measure].label}提醒`;
}

export interface AlertFormValues {
  id: number | null;
  name: string;
  path: string;
  search: string;
  kind: AlertKind;
  measure: AlertMeasure;
  comparison: AlertComparison;
  threshold: string;
  rowKind: AlertRowKind;
  rowId: string;
  /** The chosen row's name, '' when none. */
  rowName: string;
  /** The team robot that also gets the notifications, '' for the bell only (decision 203). */
  robotId: string;
}

const BLANK_CONDITION = { measure: 'share', comparison: 'below', threshold: '', rowKind: 'brand', rowId: '', rowName: '' } as const;

/** The set a 竞品监控 view shows (its `set`), as a condition's row; null for any other page (decision 298). */
export function setOfView(path: string, search: string): string | null {
  if (path !== SET_ALERT_PATH) return null;
  const id = subscriptionFields.rowId.safeParse(new URLSearchParams(search).get('set') ?? undefined).data;
  return id == null ? '' : String(id);
}

/**
 * A condition as the view allows it (decision 298): a 竞品监控 view's is on its own set, by one of the set's measures
 * (本品组内份额 unless the link named another); any other view's is on a row of the market, by the rows' measures.
 */
function onTheView<T extends Pick<AlertFormValues, 'path' | 'search' | 'measure' | 'rowKind' | 'rowId' | 'rowName'>>(values: T): T {
  const set = setOfView(values.path, values.search);
  if (set === null) {
    return values.rowKind === 'competitorSet' || isSetMeasure(values.measure)
      ? { ...values, measure: BLANK_CONDITION.measure, rowKind: BLANK_CONDITION.rowKind, rowId: '', rowName: '' }
      : values;
  }
  const named = values.rowKind === 'competitorSet' && values.rowId === set;
  return {
    ...values,
    measure: isSetMeasure(values.measure) ? values.measure : 'setShare',
    rowKind: 'competitorSet',
    rowId: set,
    rowName: named ? values.rowName : '',
  };
}

/**
 * A bell's condition in the URL (`kind=condition`, `measure`, `rowKind`, `rowId`, `rowName`), each read by the API's
 * own field rule; a part that is no such thing is left blank.
 */
function figureFromParams(params: URLSearchParams): Pick<AlertFormValues, 'kind' | 'measure' | 'rowKind' | 'rowId' | 'rowName'> {
  const field = (name: string) => params.get(name) ?? undefined;
  const rowKind = subscriptionFields.rowKind.safeParse(field('rowKind')).data;
  const rowId = subscriptionFields.rowId.safeParse(field('rowId')).data;
  const known = rowKind != null && rowId != null;
  return {
    kind: subscriptionFields.kind.safeParse(field('kind')).data ?? 'newMonth',
    measure: subscriptionFields.measure.safeParse(field('measure')).data ?? BLANK_CONDITION.measure,
    rowKind: known ? rowKind : BLANK_CONDITION.rowKind,
    rowId: known ? String(rowId) : '',
    rowName: known ? (params.get('rowName') ?? '') : '',
  };
}

/**
 * The form of a subscription being edited, else of the view in the URL (`path`, `search`, `name`, and from a bell the
 * condition's figure and row); null when there is neither.
 */
export function alertFormValues(params: URLSearchParams, editing: AlertSubscription | undefined): AlertFormValues | null {
  if (editing) {
    return {
      id: editing.id,
      name: editing.name,
      path: editing.path,
      search: editing.search,
      kind: editing.kind,
      measure: editing.measure ?? BLANK_CONDITION.measure,
      comparison: editing.comparison ?? BLANK_CONDITION.comparison,
      threshold: editing.threshold === null ? '' : String(editing.threshold),
      rowKind: editing.rowKind ?? BLANK_CONDITION.rowKind,
      rowId: editing.rowId === null ? '' : String(editing.rowId),
      rowName: editing.rowName ?? '',
      robotId: editing.robot === null ? '' : String(editing.robot.id),
    };
  }
  const path = params.get('path');
  if (!path) return null;
  return onTheView({
    id: null,
    name: params.get('name') ?? '',
    path,
    search: params.get('search') ?? '',
    ...BLANK_CONDITION,
    ...figureFromParams(params),
    robotId: '',
  });
}

/**
 * The body of create or update: a new-month subscription sends its view (and its robot, or null) alone; a condition its figure too, the
 * threshold as a number (text that is not one goes as it is, for the API to refuse by name) and the row's id.
 */
export function alertBody(form: FormData): Record<string, unknown> {
  const text = (name: string): string => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const body: Record<string, unknown> = {
    name: text('name'),
    path: text('path'),
    search: text('search'),
    kind: text('kind'),
    robotId: text('robotId') || null,
  };
  if (text('id')) body.id = text('id');
  if (body.kind !== 'condition') return body;
  const threshold = text('threshold').trim();
  const number = Number(threshold);
  return {
    ...body,
    measure: text('measure'),
    comparison: text('comparison'),
    threshold: threshold === '' ? null : Number.isFinite(number) ? number : threshold,
    rowKind: text('rowKind'),
    rowId: text('rowId') || null,
  };
}
