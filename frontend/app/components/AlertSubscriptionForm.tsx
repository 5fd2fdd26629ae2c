/**
 * 我的订阅's form: the view (name, and its title in words), 有新月份 or a condition (对象类型, 对象 — a searchable pick-list
 * —, 指标, 条件, 阈值), and the team robot that also gets the notifications (decision 203). A bell on a figure opens it
 * with the condition filled in (decision 279). A 竞品监控 view's condition is on the view's set, by the set's measures
 * (decision 298): its 对象 is shown, not picked. The page kit's form styles (semantic-ui `ui form`).
 */
import {
  ALERT_KINDS,
  ALERT_PAGES,
  ALERT_MEASURES,
  ALERT_ROW_KINDS,
  alertComparisonsOf,
  alertMeasuresOf,
  type AlertMeasure,
  type AlertRowKind,
  comparisonLabel,
  PICKABLE_ROW_KIND_KEYS,
  SET_ALERT_PATH,
  subscriptionTitle,
  type TeamRobot,
} from '@car/contracts';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useId, useState } from 'react';
import { Button } from 'semantic-ui-react';

import { PickerInput } from '~/components/PickerInput';
import type { AlertFormValues } from '~/utils/alert-form';
import type { PickItem } from '~/utils/pick-list';

export function AlertSubscriptionForm({ values, robots }: { values: AlertFormValues; robots: readonly TeamRobot[] }) {
  const navigation = useNavigation();
  const ids = useId();
  const [kind, setKind] = useState(values.kind);
  const [rowKind, setRowKind] = useState<AlertRowKind>(values.rowKind);
  const [row, setRow] = useState<PickItem | null>(values.rowId ? { id: values.rowId, name: values.rowName || values.rowId } : null);
  const [measure, setMeasure] = useState(values.measure);
  const def = ALERT_MEASURES[measure];
  const onSet = values.path === SET_ALERT_PATH;
  const comparisons = alertComparisonsOf(measure);
  // A fall is watched as "more than N" alone: its threshold is in its own unit.
  const thresholdUnit = comparisons.length === 1 ? def.changeUnit : `${def.unit}；变动超过时为${def.changeUnit}`;
  const busy = navigation.state === 'submitting';
  const viewLink = values.search ? `${values.path}?${values.search}` : values.path;
  const [name, setName] = useState(values.name);
  const titleOf = (named: PickItem | null) => subscriptionTitle(values.path, values.search, kind === 'condition' ? (named?.name ?? null) : null);
  const title = titleOf(row);
  // A name still reading as the title follows it when another row is picked; one the user typed stays.
  const pickRow = (next: PickItem | null) => {
    if (name === title) setName(titleOf(next));
    setRow(next);
  };

  return (
    <Form method="post" className="ui form alert-form" aria-label={values.id ? '修改订阅' : '新建订阅'}>
      <h3>{values.id ? '修改订阅' : '订阅此视图'}</h3>
      <input type="hidden" name="intent" value={values.id ? 'update' : 'create'} />
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <input type="hidden" name="path" value={values.path} />
      <input type="hidden" name="search" value={values.search} />
      <div className="field required">
        <label htmlFor={`${ids}-name`}>名称</label>
        <input id={`${ids}-name`} name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required />
      </div>
      <div className="field">
        <span className="alert-form__label">视图</span>
        <Link to={viewLink} data-testid="subscription-title">
          {title}
        </Link>
      </div>
      <fieldset className="grouped fields">
        <legend>提醒方式</legend>
        {(['newMonth', 'condition'] as const).map((k) => (
          <div key={k} className="field">
            <label>
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {ALERT_KINDS[k]}
            </label>
          </div>
        ))}
      </fieldset>
      {kind === 'condition' ? (
        <div className="fields alert-form__condition">
          {onSet ? (
            <div className="field">
              <span className="alert-form__label">对象</span>
              <input type="hidden" name="rowKind" value="competitorSet" />
              <input type="hidden" name="rowId" value={values.rowId} />
              <span data-testid="alert-set">
                {values.rowId ? `${ALERT_ROW_KINDS.competitorSet}「${values.rowName || values.rowId}」` : '视图中没有竞品组：请在竞品监控页面选定竞品组后订阅'}
              </span>
            </div>
          ) : (
            <>
              <div className="field">
                <label htmlFor={`${ids}-rowKind`}>对象类型</label>
                <select
                  id={`${ids}-rowKind`}
                  name="rowKind"
                  className="ui dropdown"
                  value={rowKind}
                  onChange={(e) => {
                    setRowKind(e.target.value as AlertRowKind);
                    pickRow(null);
                  }}
                >
                  {PICKABLE_ROW_KIND_KEYS.map((k) => (
                    <option key={k} value={k}>
                      {ALERT_ROW_KINDS[k]}
                    </option>
                  ))}
                </select>
              </div>
              <PickerInput
                key={rowKind}
                id={`${ids}-row`}
                label="对象"
                name="rowId"
                kind="alertRow"
                rowKind={rowKind}
                value={row ? [row] : []}
                onChange={(items) => pickRow(items[0] ?? null)}
              />
            </>
          )}
          <div className="field">
            <label htmlFor={`${ids}-measure`}>指标</label>
            <select id={`${ids}-measure`} name="measure" className="ui dropdown" value={measure} onChange={(e) => setMeasure(e.target.value as AlertMeasure)}>
              {alertMeasuresOf(values.path).map((k) => (
                <option key={k} value={k}>
                  {ALERT_MEASURES[k].label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-comparison`}>条件</label>
            <select
              key={comparisons.join()}
              id={`${ids}-comparison`}
              name="comparison"
              className="ui dropdown"
              defaultValue={comparisons.includes(values.comparison) ? values.comparison : comparisons[0]}
            >
              {comparisons.map((k) => (
                <option key={k} value={k}>
                  {comparisonLabel(measure, k)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-threshold`}>阈值（{thresholdUnit}）</label>
            <input id={`${ids}-threshold`} name="threshold" defaultValue={values.threshold} inputMode="decimal" />
          </div>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${ids}-robot`}>同时发送到群机器人</label>
        <select id={`${ids}-robot`} name="robotId" className="ui dropdown" defaultValue={values.robotId}>
          <option value="">不发送（仅站内提醒）</option>
          {robots.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}（{r.serviceLabel}）
            </option>
          ))}
        </select>
      </div>
      <div className="alert-form__actions">
        <Button type="submit" primary disabled={busy}>
          {values.id ? '保存' : '订阅'}
        </Button>
        <Link to={ALERT_PAGES.subscriptions}>取消</Link>
      </div>
    </Form>
  );
}
