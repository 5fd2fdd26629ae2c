import { Injectable, Logger } from '@nestjs/common';
import {
  ALERT_MEASURES,
  ALERT_PAGES,
  ALERT_SOURCES,
  type AlertFamily,
  type AlertMeasure,
  type AlertSource,
  type PickableRowKind,
  conditionHolds,
  conditionText,
  formatMonth,
  robotStoppedNotice,
  viewLinkAt,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import { MONTH_SHIFTS } from '../analytics/comparisons';
import type { Filters } from '../analytics/model';
import { CompetitorMonitorService } from '../competitorSets/competitor-monitor.service';
import { PRICES_AS_SHOWN, priceFigures, priceMeasures } from '../price/price.figures';
import { CalendarRepository } from '../reference/calendar.repository';
import { inRobotTeam, RobotsService } from '../robots/robots.service';
import { MenuRepository } from '../security/menu.repository';
import { SaleVolumeService } from '../saleVolume/sale-volume.service';
import { priceFigure, rivalTpFallFigure, ROW_DIMENSIONS, salesFigure, setShareFigure, type ShownFigure } from './alert-figures';
import { AlertRepository, type DueSubscription, type NewNotification, type SubscriptionRecord } from './alert.repository';

const SOURCES: readonly AlertSource[] = ['retail', 'wholesale', 'price'];

export interface EvaluationSummary {
  /**
   * Per source with a month: the month evaluated, the subscriptions evaluated, those left due because their user may
   * no longer open the view's page (decision 208), and the notifications written.
   */
  sources: Array<{ source: AlertSource; month: number; evaluated: number; closed: number; written: number; queries: number }>;
}

/** The figures of every row of one group's query, by row id. */
type RowFigures = Map<number, (measure: AlertMeasure) => ShownFigure>;

/** The families whose row is a competitor set (decision 298). */
type SetFamily = Extract<AlertFamily, 'setShare' | 'setPrice'>;
const isSetFamily = (family: AlertFamily): family is SetFamily => family === 'setShare' || family === 'setPrice';

/**
 * Evaluates the subscriptions after a month is published (decision 192): for each source, those not yet evaluated
 * at its latest month. A new-month subscription is a hit by being due; the conditions are grouped by what their
 * figures need (the figures' family, the row kind and the view's filters), one query answers every row of a group
 * through the pages' own services, and each subscription picks its row. A competitor set's conditions are grouped
 * by their set: 竞品监控's figures of it are worked once for every subscriber who may still read it (decision 298).
 * The hits and the month evaluated are written together; a notification already written for a subscription and
 * month stays as it was.
 */
@Injectable()
export class AlertEvaluator {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly alerts: AlertRepository,
    private readonly calendar: CalendarRepository,
    private readonly sales: SaleVolumeService,
    private readonly analytics: AnalyticsService,
    private readonly robots: RobotsService,
    private readonly menus: MenuRepository,
    private readonly monitor: CompetitorMonitorService,
  ) {}

  async evaluate(): Promise<EvaluationSummary> {
    const summary: EvaluationSummary = { sources: [] };
    for (const source of SOURCES) {
      const month = await this.calendar.latestMonth(source);
      if (month === null) continue;
      const { open: due, closed } = await this.byAccess(await this.alerts.due(source, month));
      if (due.length === 0) continue;
      const { hits, queries } = await this.hits(source, month, due);
      const recorded = await this.alerts.record(
        source,
        month,
        due.map((s) => s.id),
        hits,
      );
      const written = recorded.size;
      await this.tellRobots(due, hits, recorded);
      summary.sources.push({ source, month, evaluated: due.length, closed, written, queries });
      this.logger.log({ event: 'alerts.evaluated', source, month, evaluated: due.length, closed, hits: hits.length, written, queries });
    }
    return summary;
  }

  /**
   * The due subscriptions whose user may still open the view's page, as the page guard decides (decision 208): a
   * figure of a page taken away from a role reaches neither the bell nor a robot. The others are left due, not
   * evaluated; one question per role and page.
   */
  private async byAccess(due: readonly DueSubscription[]): Promise<{ open: DueSubscription[]; closed: number }> {
    const opens = new Map<string, Promise<boolean>>();
    const allowed = await Promise.all(
      due.map((s) => {
        const key = `${s.roleId} ${s.path}`;
        if (!opens.has(key)) opens.set(key, this.menus.roleOpensPage(s.roleId, s.path));
        return opens.get(key)!;
      }),
    );
    const open = due.filter((_, i) => allowed[i]);
    return { open, closed: due.length - open.length };
  }

  /**
   * Each notification written now whose subscription names a team robot goes to that robot too, as its title, the
   * figure, its change and the link (decision 203). Queued after the notifications are committed; a robot that is
   * gone or a queue that refuses leaves the notification in the bell and is logged, never failing the evaluation.
   * The robot must still be of the owner's team: one whose owner has moved to another producer (or whose robot an
   * administrator gave to another team) is taken off the subscription instead, and the owner told (decision 261).
   */
  private async tellRobots(due: readonly DueSubscription[], hits: readonly NewNotification[], recorded: ReadonlySet<number>): Promise<void> {
    const subscriptions = new Map(due.filter((s) => s.robotId !== null).map((s) => [s.id, s]));
    for (const hit of hits) {
      const subscription = subscriptions.get(hit.subscriptionId);
      if (subscription === undefined || !recorded.has(hit.subscriptionId)) continue;
      const robotId = subscription.robotId!;
      const team = await this.robots.robotTeam(robotId);
      if (team && !inRobotTeam(team, subscription.producerId)) {
        await this.stopRobot(subscription, robotId, team.name, hit.month);
        continue;
      }
      const message = { title: hit.title, lines: [hit.figureText, hit.changeText].filter((line) => line !== ''), link: hit.link };
      await this.robots.deliver(robotId, message, hit.subscriptionId).catch((error: unknown) => {
        this.logger.warn({
          event: 'alerts.robot_not_queued',
          subscription: hit.subscriptionId,
          robot: robotId,
          error: error instanceof Error ? error.message : String(error),
        });
      });
    }
  }

  private async stopRobot(subscription: DueSubscription, robotId: number, robotName: string, month: number): Promise<void> {
    const notice = robotStoppedNotice(subscription.name, robotName);
    const stopped = await this.alerts.stopRobot(subscription.id, robotId, {
      subscriptionId: subscription.id,
      userId: subscription.userId,
      month,
      ...notice,
      changeText: '',
      link: ALERT_PAGES.subscriptions,
      figure: null,
    });
    if (stopped) this.logger.log({ event: 'alerts.robot_stopped', subscription: subscription.id, robot: robotId, user: subscription.userId });
  }

  /** The notifications the due subscriptions of a source earn at `month`, and how many queries (groups) that took. */
  async hits(source: AlertSource, month: number, due: readonly DueSubscription[]): Promise<{ hits: NewNotification[]; queries: number }> {
    const hits: NewNotification[] = [];
    const groups = new Map<string, DueSubscription[]>();
    for (const s of due) {
      if (s.kind === 'newMonth') {
        hits.push(newMonthHit(s, source, month));
        continue;
      }
      const family = ALERT_MEASURES[s.measure!].family;
      const key = JSON.stringify([family, s.rowKind, isSetFamily(family) ? s.rowId : null, s.filters]);
      const group = groups.get(key) ?? [];
      group.push(s);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const first = group[0];
      const family = ALERT_MEASURES[first.measure!].family;
      if (isSetFamily(family)) {
        hits.push(...(await this.setHits(source, month, family, group)));
        continue;
      }
      const figures = await this.figures(source, month, family, first.rowKind as PickableRowKind, first.filters);
      for (const s of group) {
        const figure = figures.get(s.rowId!)?.(s.measure!);
        if (figure && conditionHolds(s.comparison!, s.threshold!, figure)) hits.push(conditionHit(s, month, figure));
      }
    }
    return { hits, queries: groups.size };
  }

  /**
   * The hits of one set's conditions of a family (its share in one area, or its rivals' TP): 竞品监控's figures of the
   * month and the month before, read once; a subscriber who may no longer read the set (deleted, or no longer shared
   * with them) is passed over, as a row that is gone.
   */
  private async setHits(source: AlertSource, month: number, family: SetFamily, group: readonly DueSubscription[]): Promise<NewNotification[]> {
    const first = group[0];
    if (family === 'setShare' && source === 'price') return [];
    const viewers = group.map((s) => ({ id: s.userId, producerId: s.producerId }));
    const reads = family === 'setShare' ? { volumes: { source: source === 'wholesale' ? 1 : 2, filters: first.filters } as const } : { prices: true };
    const at = await this.monitor.atMonth(first.rowId!, viewers, month, reads);
    if (!at) return [];
    const hits: NewNotification[] = [];
    for (const s of group) {
      if (!at.readers.has(s.userId)) continue;
      const measure = s.measure!;
      const figure =
        measure === 'rivalTpFall' || measure === 'rivalTpFallRate'
          ? rivalTpFallFigure(measure, s.threshold!, at.figures, s.rowName ?? at.set.name, month)
          : setShareFigure(at.figures);
      if (conditionHolds(s.comparison!, s.threshold!, figure)) hits.push(conditionHit(s, month, figure));
    }
    return hits;
  }

  /** Every row's figures of one group: the sales pages' ranking rows, or the price cards' figures with their 环比. */
  private async figures(source: AlertSource, month: number, family: 'sales' | 'price', rowKind: PickableRowKind, filters: Filters): Promise<RowFigures> {
    const dimension = ROW_DIMENSIONS[rowKind];
    const figures: RowFigures = new Map();
    if (family === 'sales') {
      if (source === 'price') return figures;
      const scope = { source: source === 'wholesale' ? 1 : 2, month, filters, firstMonth: month, shifts: MONTH_SHIFTS } as const;
      for (const row of await this.sales.rows(scope, dimension)) {
        figures.set(row.id, (measure) => salesFigure(measure as 'sales' | 'share' | 'yoy' | 'shareChange', row));
      }
      return figures;
    }
    const rows = await this.analytics.query({
      source: 'price',
      dimensions: [dimension],
      filters,
      month,
      ...PRICES_AS_SHOWN,
      measures: [...priceMeasures('', { shift: 'current' }), ...priceMeasures('Hb', { shift: 'previousMonth' })],
      keepWhenAny: ['qty'],
    });
    for (const row of rows) {
      const now = priceFigures(row.values);
      const previous = priceFigures(row.values, 'Hb');
      figures.set(row.key[dimension] ?? 0, (measure) => priceFigure(measure as 'tp' | 'discountRate', now, previous));
    }
    return figures;
  }
}

function newMonthHit(s: SubscriptionRecord, source: AlertSource, month: number): NewNotification {
  const label = ALERT_SOURCES[source];
  return {
    subscriptionId: s.id,
    userId: s.userId,
    month,
    title: `${s.name}：${formatMonth(month)} ${label}数据已发布`,
    figureText: `${label}数据已更新至 ${formatMonth(month)}`,
    changeText: '',
    link: viewLinkAt(s.path, s.search, month),
    figure: null,
  };
}

function conditionHit(s: SubscriptionRecord, month: number, figure: ShownFigure): NewNotification {
  const row = s.rowName ?? String(s.rowId);
  return {
    subscriptionId: s.id,
    userId: s.userId,
    month,
    title: `${s.name}：${row} ${conditionText(s.measure!, s.comparison!, s.threshold!)}`,
    figureText: figure.figureText ?? `${row} ${formatMonth(month)} ${ALERT_MEASURES[s.measure!].label} ${figure.valueText}`,
    changeText: figure.changeText,
    link: viewLinkAt(s.path, s.search, month),
    figure: figure.value,
  };
}
