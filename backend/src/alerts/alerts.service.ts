import { Injectable } from '@nestjs/common';
import {
  ALERT_KINDS,
  ALERT_MEASURES,
  ALERT_ROW_KINDS,
  ALERT_SOURCES,
  type AlertNotification,
  type AlertSubscription,
  type AlertSubscriptionCreateDto,
  conditionText,
  formatMonth,
  GEOGRAPHIC_ROW_KINDS,
  isSetMeasure,
  type ParamsOf,
  type ResultOf,
  type ALERTS,
  ROBOT_DELIVERY_STATE_LABELS,
  SET_ALERT_PATH,
  subscriptionTitle,
  VIEW_MESSAGES,
} from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { CompetitorSetReader } from '../competitorSets/competitor-set-reader.service';
import { KeptCalendar } from '../reference/calendar.repository';
import { GeographyRepository } from '../reference/geography.repository';
import { RobotsService } from '../robots/robots.service';
import { MenuRepository } from '../security/menu.repository';
import type { SessionUser } from '../security/session-user';
import { viewScope } from './alert-scope';
import { AlertRepository, type NotificationRecord, type SubscriptionFields, type SubscriptionRecord } from './alert.repository';

export const ALERT_MESSAGES = {
  notFound: '没有这条订阅',
  wholesaleHasNoArea: '批发量数据没有地区维度：按省份或城市的提醒请订阅零售量的视图',
  priceNeedsPriceView: '成交价、优惠率的提醒请从价格页面（整体市场价格指数、车系价格追踪）订阅',
  salesNeedsSalesView: '价格页面的视图只能按成交价或优惠率提醒',
  robotNotInTeam: '所选群机器人不存在、已停用或不属于本团队',
  setNeedsMonitorView: '本品组内份额、竞品成交价降幅的提醒请从竞品监控页面订阅',
  monitorViewNeedsSet: '竞品监控的视图只能按本品组内份额或竞品成交价降幅提醒',
  setNotInView: '对象应为视图中的竞品组（查询条件中的 set）',
} as const;

/**
 * 订阅与提醒's calls: a user's own subscriptions (a view and, for a condition, its figure, comparison and row),
 * checked and stored with the view's scope; their notifications, the bell's count and marking read.
 */
@Injectable()
export class AlertsService {
  constructor(
    private readonly alerts: AlertRepository,
    private readonly calendar: KeptCalendar,
    private readonly geography: GeographyRepository,
    private readonly robots: RobotsService,
    private readonly menus: MenuRepository,
    private readonly sets: CompetitorSetReader,
  ) {}

  async list(user: SessionUser): Promise<AlertSubscription[]> {
    return (await this.alerts.list(user.id)).map(subscriptionView);
  }

  rows(kind: ParamsOf<typeof ALERTS.rows>['kind']): Promise<Array<{ id: number; name: string }>> {
    return this.alerts.rows(kind);
  }

  async create(dto: AlertSubscriptionCreateDto, user: SessionUser): Promise<AlertSubscription> {
    const fields = await this.fields(dto, user);
    const id = await this.alerts.create(user.id, fields, await this.calendar.latestMonth(fields.source));
    return this.view(user, id);
  }

  async update(dto: ParamsOf<typeof ALERTS.update>, user: SessionUser): Promise<AlertSubscription> {
    const fields = await this.fields(dto, user);
    if (!(await this.alerts.update(user.id, dto.id, fields, await this.calendar.latestMonth(fields.source))))
      throw ApiException.notFound(ALERT_MESSAGES.notFound);
    return this.view(user, dto.id);
  }

  async pause(dto: ParamsOf<typeof ALERTS.pause>, user: SessionUser): Promise<AlertSubscription> {
    const existing = await this.alerts.find(user.id, dto.id);
    if (!existing) throw ApiException.notFound(ALERT_MESSAGES.notFound);
    await this.alerts.pause(user.id, dto.id, dto.paused, await this.calendar.latestMonth(existing.source));
    return this.view(user, dto.id);
  }

  async remove(id: number, user: SessionUser): Promise<{ deleted: number }> {
    const deleted = await this.alerts.remove(user.id, id);
    if (deleted === 0) throw ApiException.notFound(ALERT_MESSAGES.notFound);
    return { deleted };
  }

  async notifications(q: ParamsOf<typeof ALERTS.notifications>, user: SessionUser): Promise<ResultOf<typeof ALERTS.notifications>> {
    const [{ items, total }, unread] = await Promise.all([this.alerts.notifications(user.id, q.page, q.pageSize), this.alerts.unread(user.id)]);
    return { items: items.map(notificationView), total, unread, page: q.page, pageSize: q.pageSize };
  }

  async unread(user: SessionUser): Promise<{ unread: number }> {
    return { unread: await this.alerts.unread(user.id) };
  }

  async read(ids: readonly number[] | 'all', user: SessionUser): Promise<{ unread: number }> {
    await this.alerts.markRead(user.id, ids);
    return this.unread(user);
  }

  private async view(user: SessionUser, id: number): Promise<AlertSubscription> {
    const record = await this.alerts.find(user.id, id);
    if (!record) throw ApiException.notFound(ALERT_MESSAGES.notFound);
    return subscriptionView(record);
  }

  /**
   * A subscription's stored fields: the view's scope read from its query string; a condition's row must exist, a
   * province or city row needs figures with geography, and prices are watched from a price page (decision 191); a
   * robot must be one the user's team may send to (decision 203); the view's page must be one the user may open
   * (decision 208). A competitor set is watched from 竞品监控 and only there: its row is the view's set, one the user
   * may read; a rival's TP is a price, watched at the price months and nationally (decision 298).
   */
  private async fields(dto: AlertSubscriptionCreateDto, user: SessionUser): Promise<SubscriptionFields> {
    if (!(await this.menus.roleOpensPage(user.roleId, dto.path))) throw ApiException.forbidden(VIEW_MESSAGES.pageClosed);
    const scope = viewScope(dto.path, dto.search, await this.geography.geography());
    const robotId = dto.robotId ?? null;
    if (robotId !== null && !(await this.robots.teamRobots(user.producerId ?? null)).some((r) => r.id === robotId)) {
      throw ApiException.badRequest(ALERT_MESSAGES.robotNotInTeam);
    }
    const base: SubscriptionFields = {
      name: dto.name,
      path: dto.path,
      search: dto.search,
      kind: dto.kind,
      source: scope.source,
      filters: scope.filters,
      measure: null,
      comparison: null,
      threshold: null,
      rowKind: null,
      rowId: null,
      robotId,
    };
    if (dto.kind === 'newMonth') return base;
    const measure = dto.measure!;
    const rowKind = dto.rowKind!;
    const rowId = dto.rowId!;
    const family = ALERT_MEASURES[measure].family;
    const onSetView = dto.path === SET_ALERT_PATH;
    if (isSetMeasure(measure) !== onSetView) throw ApiException.badRequest(onSetView ? ALERT_MESSAGES.monitorViewNeedsSet : ALERT_MESSAGES.setNeedsMonitorView);
    if (family === 'price' && scope.source !== 'price') throw ApiException.badRequest(ALERT_MESSAGES.priceNeedsPriceView);
    if (family === 'sales' && scope.source === 'price') throw ApiException.badRequest(ALERT_MESSAGES.salesNeedsSalesView);
    if (scope.source === 'wholesale' && GEOGRAPHIC_ROW_KINDS.includes(rowKind)) throw ApiException.badRequest(ALERT_MESSAGES.wholesaleHasNoArea);
    const condition = { measure, comparison: dto.comparison!, threshold: dto.threshold!, rowKind, rowId };
    if (rowKind !== 'competitorSet') {
      if ((await this.alerts.rowName(rowKind, rowId)) === null) throw ApiException.badRequest(`对象没有编号为 ${rowId} 的${ALERT_ROW_KINDS[rowKind]}`);
      return { ...base, ...condition };
    }
    if (Number(new URLSearchParams(dto.search).get('set')) !== rowId) throw ApiException.badRequest(ALERT_MESSAGES.setNotInView);
    // A set another user keeps and does not share with this one reads as no set at all, as on the page.
    if ((await this.sets.visible(user, rowId)) === null) throw ApiException.badRequest(`对象没有编号为 ${rowId} 的${ALERT_ROW_KINDS.competitorSet}`);
    // Rivals' TPs are the page's national prices, of the price months, whatever the view's data and area.
    return family === 'setPrice' ? { ...base, ...condition, source: 'price', filters: {} } : { ...base, ...condition };
  }
}

function subscriptionView(r: SubscriptionRecord): AlertSubscription {
  const condition =
    r.kind === 'condition' && r.measure && r.comparison && r.threshold !== null
      ? `${r.rowName ?? ''} ${conditionText(r.measure, r.comparison, r.threshold)}`.trim()
      : ALERT_KINDS.newMonth;
  return {
    id: r.id,
    name: r.name,
    path: r.path,
    search: r.search,
    link: r.search ? `${r.path}?${r.search}` : r.path,
    title: subscriptionTitle(r.path, r.search, r.rowName),
    kind: r.kind,
    kindText: ALERT_KINDS[r.kind],
    source: r.source,
    sourceText: ALERT_SOURCES[r.source],
    measure: r.measure,
    comparison: r.comparison,
    threshold: r.threshold,
    rowKind: r.rowKind,
    rowId: r.rowId,
    rowName: r.rowName,
    conditionText: condition,
    paused: r.paused,
    robot: r.robotId === null ? null : { id: r.robotId, name: r.robotName ?? '' },
    robotDelivery: r.robotDelivery && { ...r.robotDelivery, stateLabel: ROBOT_DELIVERY_STATE_LABELS[r.robotDelivery.state] },
    lastMonth: r.lastMonth === null ? null : formatMonth(r.lastMonth),
    createdAt: r.createdAt.toISOString(),
  };
}

function notificationView(n: NotificationRecord): AlertNotification {
  return {
    id: n.id,
    subscriptionId: n.subscriptionId,
    month: formatMonth(n.month),
    title: n.title,
    figureText: n.figureText,
    changeText: n.changeText,
    link: n.link,
    read: n.read,
    createdAt: n.createdAt.toISOString(),
  };
}
