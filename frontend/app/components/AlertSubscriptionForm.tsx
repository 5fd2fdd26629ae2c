/**
 * 我的订阅's form: the view (name, page), 有新月份 or a condition (指标, 条件, 阈值, 对象类型, 对象), and the team robot
 * that also gets the notifications (decision 203).
 */
import { ALERT_COMPARISONS, ALERT_KINDS, ALERT_PAGES, ALERT_MEASURES, ALERT_ROW_KINDS, type AlertRowKind, type TeamRobot } from '@car/contracts';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button } from 'semantic-ui-react';

import type { AlertFormValues } from '~/utils/alert-form';
import { fetchPickList, useListRequest } from '~/utils/pick-list-source';

export function AlertSubscriptionForm({ values, robots }: { values: AlertFormValues; robots: readonly TeamRobot[] }) {
  const navigation = useNavigation();
  const [kind, setKind] = useState(values.kind);
  const [rowKind, setRowKind] = useState<AlertRowKind>(values.rowKind);
  const [measure, setMeasure] = useState(values.measure);
  const rows = useListRequest<Array<{ id: number; name: string }>>();
  const { run } = rows;
  useEffect(() => {
    if (kind === 'condition') void run((signal) => fetchPickList('alertRows', { kind: rowKind }, signal));
  }, [kind, rowKind, run]);
  const def = ALERT_MEASURES[measure];
  const busy = navigation.state === 'submitting';
  const viewLink = values.search ? `${values.path}?${values.search}` : values.path;

  return (
    <Form method="post" className="admin-page__form" aria-label={values.id ? '修改订阅' : '新建订阅'}>
      <h3>{values.id ? '修改订阅' : '订阅此视图'}</h3>
      <input type="hidden" name="intent" value={values.id ? 'update' : 'create'} />
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <input type="hidden" name="path" value={values.path} />
      <input type="hidden" name="search" value={values.search} />
      <label className="admin-page__field">
        <span>名称</span>
        <input name="name" defaultValue={values.name} maxLength={60} required />
      </label>
      <p className="admin-page__field">
        <span>视图</span> <Link to={viewLink}>{viewLink}</Link>
      </p>
      <fieldset className="admin-page__field">
        <legend>提醒方式</legend>
        {(['newMonth', 'condition'] as const).map((k) => (
          <label key={k} className="admin-page__radio">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {ALERT_KINDS[k]}
          </label>
        ))}
      </fieldset>
      {kind === 'condition' ? (
        <div className="admin-page__filters">
          <label className="admin-page__field">
            <span>对象类型</span>
            <select name="rowKind" value={rowKind} onChange={(e) => setRowKind(e.target.value as AlertRowKind)}>
              {Object.entries(ALERT_ROW_KINDS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-page__field">
            <span>对象</span>
            <select
              name="rowId"
              defaultValue={values.rowKind === rowKind ? values.rowId : ''}
              key={`${rowKind}-${rows.data?.length ?? 0}`}
              disabled={rows.loading}
            >
              <option value="">{rows.loading ? '加载中…' : (rows.error ?? '请选择')}</option>
              {(rows.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-page__field">
            <span>指标</span>
            <select name="measure" value={measure} onChange={(e) => setMeasure(e.target.value as typeof measure)}>
              {Object.entries(ALERT_MEASURES).map(([k, m]) => (
                <option key={k} value={k}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-page__field">
            <span>条件</span>
            <select name="comparison" defaultValue={values.comparison}>
              {Object.entries(ALERT_COMPARISONS).map(([k, label]) => (
                <option key={k} value={k}>
                  {k === 'movedBy' ? `${def.change}${label}` : label}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-page__field">
            <span>
              阈值（{def.unit}；变动超过时为{def.changeUnit}）
            </span>
            <input name="threshold" defaultValue={values.threshold} inputMode="decimal" />
          </label>
        </div>
      ) : null}
      <label className="admin-page__field">
        <span>同时发送到群机器人</span>
        <select name="robotId" defaultValue={values.robotId}>
          <option value="">不发送（仅站内提醒）</option>
          {robots.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}（{r.serviceLabel}）
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button type="submit" primary disabled={busy}>
          {values.id ? '保存' : '订阅'}
        </Button>
        <Link to={ALERT_PAGES.subscriptions}>取消</Link>
      </div>
    </Form>
  );
}
