import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  ApiCode,
  growth,
  growthNumber,
  kiloVehicles,
  type MpLink,
  type MpRetailChart,
  type MpRetailChartDto,
  type MpSearchAllDto,
  type MpSearchCarDto,
  type MpTabMatches,
  MP_LINK_MESSAGES,
  MP_TABS,
  type MpSessionResult,
  type MpType,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import type { Filters } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import { HourlySweep } from '../common/hourly-sweep';
import { Housekeeping } from '../queue/housekeeping';
import { DataStatusService } from '../reference/data-status.service';
import { GeographyRepository } from '../reference/geography.repository';
import { SecurityEvents } from '../security/security-events';
import { SecurityService } from '../security/security.service';
import type { SessionUser } from '../security/session-user';
import { periodEnd, SaleVolumeService } from '../saleVolume/sale-volume.service';
import { mpChartBars, monthsBefore, yearBefore } from './mp-chart';
import { checkLink, LINK_CLOCK_SKEW_SECONDS, linkExpiry, usedLinkKey } from './mp-link';
import { MpRepository } from './mp.repository';
import { MpSessionService, type MpSessionUser } from './mp-session.service';

/** The maker filter of each tab (车型 is a sub-series, as on the dashboard). */
const FILTER_OF: Record<MpType, keyof Filters> = { 1: 'producerIds', 0: 'brandIds', 2: 'producerBrandIds', 4: 'subSeriesIds' };

/**
 * The mobile sales query: signed links, each good for one session or one binding (decision 263), the one-time bind,
 * and the mp calls over the query layer.
 */
@Injectable()
export class MpService implements OnModuleInit, OnApplicationShutdown {
  /** The used links' records go once the links are stale: every hour, in the instance running the housekeeping. */
  private readonly staleLinks: HourlySweep;

  constructor(
    private readonly sessions: MpSessionService,
    private readonly repository: MpRepository,
    private readonly security: SecurityService,
    private readonly analytics: AnalyticsService,
    private readonly sales: SaleVolumeService,
    private readonly geography: GeographyRepository,
    private readonly events: SecurityEvents,
    private readonly dataStatus: DataStatusService,
    housekeeping: Housekeeping,
  ) {
    this.staleLinks = new HourlySweep('forgetting used mp links', () => this.forgetStaleLinks(), new Logger('MpLinks'), housekeeping.leads);
  }

  /** A link signed with our secret, fresh, and not used yet; else the refusal the phone page shows. */
  private async checked(link: MpLink): Promise<void> {
    const verdict = checkLink(this.sessions.linkSecret, link);
    if (verdict === 'bad') throw new ApiException(ApiCode.TokenInvalid, MP_LINK_MESSAGES.badSignature);
    if (verdict === 'stale') throw new ApiException(ApiCode.TokenExpired, MP_LINK_MESSAGES.stale);
    if (await this.repository.linkUsed(usedLinkKey(link))) throw new ApiException(ApiCode.TokenRevoked, MP_LINK_MESSAGES.used);
  }

  /**
   * Uses the link up, just before it opens a session or makes a binding: of two exchanges at once only the one that
   * records it goes on (decision 263). Asking whether an openId is bound, or a wrong password, leaves it good.
   */
  private async usedUp(link: MpLink): Promise<void> {
    if (!(await this.repository.useLink(usedLinkKey(link), linkExpiry(link)))) throw new ApiException(ApiCode.TokenRevoked, MP_LINK_MESSAGES.used);
  }

  /** Forgets the uses of stale links (the hourly sweep; a stale link is refused as stale before its use is read). */
  forgetStaleLinks(): Promise<void> {
    return this.repository.forgetStaleLinks(LINK_CLOCK_SKEW_SECONDS);
  }

  onModuleInit(): void {
    this.staleLinks.start();
  }

  onApplicationShutdown(): void {
    this.staleLinks.stop();
  }

  private async opened(user: MpSessionUser, nickname: string): Promise<MpSessionResult> {
    return { bound: true, session: await this.sessions.issue(user), expiresIn: this.sessions.seconds, nickname };
  }

  /** A signed, fresh, unused link opens a session for a bound openId (and is used up); an unbound one answers bound: false. */
  async open(link: MpLink): Promise<MpSessionResult> {
    await this.checked(link);
    const bound = await this.repository.boundUser(link.openId);
    if (!bound) return { bound: false, session: null, expiresIn: 0, nickname: null };
    await this.usedUp(link);
    return this.opened({ openId: link.openId, userId: bound.userId, passwordVersion: bound.passwordVersion }, bound.nickname);
  }

  /** The one-time bind: the link still fresh and unused, the account's password right (the sign-in throttle applies). */
  async bind(dto: MpLink & { account: string; password: string }, address: string): Promise<MpSessionResult> {
    await this.checked(dto);
    const user = await this.security.verifyCredentials(dto.account, dto.password, address);
    // A password an administrator set opens nothing until its owner has changed it on the web (decision 83).
    if (user.mustChangePassword) throw new ApiException(ApiCode.PasswordChangeRequired, ADMIN_MESSAGES.passwordChangeRequiredForMp);
    await this.usedUp(dto);
    if (!(await this.repository.bind(dto.openId, user.id))) throw new ApiException(ApiCode.Conflict, '该微信已绑定其他账号，请联系管理员解除绑定');
    const bound = await this.repository.boundUser(dto.openId);
    if (!bound) throw new ApiException(ApiCode.TokenRevoked, '账号已停用或会话已吊销，请稍后重试');
    return this.opened({ openId: dto.openId, userId: bound.userId, passwordVersion: bound.passwordVersion }, bound.nickname);
  }

  /** The administrator's unbinding (mp/unbind, and the user page's 解除绑定 through it): audited as mp.unbound. */
  async unbind(openId: string, admin: SessionUser, address: string): Promise<{ unbound: boolean }> {
    const bound = await this.repository.unbind(openId);
    if (bound) {
      await this.events.record({
        event: 'mp.unbound',
        userId: admin.id,
        account: admin.account,
        address,
        detail: { targetId: bound.userId, targetAccount: bound.account, openId },
      });
    }
    return { unbound: bound !== null };
  }

  /** A user's bindings, for the administrator's user page. */
  bindingsOf(userId: number): Promise<Array<{ openId: string; createTime: string }>> {
    return this.repository.bindingsOf(userId);
  }

  async searchCar(user: MpSessionUser, dto: MpSearchCarDto): Promise<Array<{ id: number; name: string }>> {
    this.sameOpenId(user, dto.openId);
    // Any length: the page asks while typing from MP_SUGGEST_MIN characters, and on Enter or 🔍 for whatever was typed.
    if (!dto.name) return [];
    return this.repository.suggestions(dto.type, dto.name);
  }

  /** The page's search over every tab at once (decision 180): each tab's matches, in the tabs' order. */
  async searchAll(user: MpSessionUser, dto: MpSearchAllDto): Promise<MpTabMatches[]> {
    this.sameOpenId(user, dto.openId);
    const name = dto.name;
    return Promise.all(
      MP_TABS.map(async (tab) => ({ type: tab.value, label: tab.label, list: name ? await this.repository.suggestions(tab.value, name) : [] })),
    );
  }

  /** The browser's province → city picker: the province's cities, or every city, in code order (the reference tree, read once). */
  async cities(provinceId: number | undefined): Promise<Array<{ id: number; name: string; provinceId: number }>> {
    const tree = await this.geography.geography();
    if (provinceId !== undefined && !tree.provinces.has(provinceId)) throw ApiException.badRequest('参数 provinceId 没有这个省份');
    return [...tree.cities.values()]
      .filter((c) => provinceId === undefined || c.provinceId === provinceId)
      .map((c) => ({ id: c.id, name: c.name, provinceId: c.provinceId }));
  }

  /**
   * One maker's retail in one place: the month's (default the latest) or 1-2月合计's cards, the sales pages' scope and
   * summary (the shift set chosen there, decision 197), and the chart of the months ending with the period.
   */
  async retailChart(user: MpSessionUser, dto: MpRetailChartDto): Promise<MpRetailChart> {
    this.sameOpenId(user, dto.openId);
    const name = await this.repository.nameOf(dto.type, dto.id);
    if (name === null) throw ApiException.badRequest('参数 id 没有这个厂商、品牌或车型');
    const { filters, areaName } = await this.place(dto);
    filters[FILTER_OF[dto.type]] = [dto.id];
    const scope = await this.sales.scope({ source: 2, time: dto.time, detailId: -1, producerProperty: -1, fuels: [], newYear: dto.newYear }, filters);
    const end = periodEnd(scope);
    const bars = mpChartBars(end, dto.newYear, scope.firstMonth);
    const [summary, data] = await Promise.all([
      this.sales.summary(scope),
      this.analytics.query({
        source: 2,
        dimensions: ['month'],
        filters: scope.filters,
        measures: [{ measure: 'qty', span: { from: bars[0].months[0] - 100, to: end }, as: 'qty' }],
      }),
    ]);
    const qty = new Map(data.map((r) => [r.key.month ?? 0, r.values.qty ?? 0]));
    const sum = (months: readonly number[]) => months.reduce((total, m) => total + (qty.get(m) ?? 0), 0);
    return {
      name,
      areaName,
      time: summary.time,
      sales: summary.qty,
      salesStr: kiloVehicles(summary.qty),
      yoy: summary.yoy,
      yoys: summary.yoys,
      ljSales: summary.ljQty,
      ljSalesStr: kiloVehicles(summary.ljQty),
      ljYoy: summary.yearYoy,
      ljYoys: summary.yearYoys,
      dataAsOf: (await this.dataStatus.ofMonth('retail', end)).status,
      chart: {
        xAxis: [{ categories: bars.map((b) => b.label) }],
        yAxis: [{ title: '销量（辆）' }, { title: '增长率' }],
        series: [
          { name: '销量', type: 'column', yAxis: 0, data: bars.map((b) => sum(b.months)) },
          { name: '同比', type: 'line', yAxis: 1, data: bars.map((b) => growthNumber(growth(sum(b.months), sum(yearBefore(b))))) },
          { name: '环比', type: 'line', yAxis: 1, hidden: true, data: bars.map((b) => growthNumber(growth(sum(b.months), sum(monthsBefore(b))))) },
        ],
      },
    };
  }

  /** The session (verified by MpSessionGuard) is the openId's the call names, when it names one. */
  private sameOpenId(user: MpSessionUser, openId: string | undefined): void {
    if (openId !== undefined && openId !== user.openId) throw ApiException.forbidden('openId 与当前会话不符');
  }

  /** The city when given (it must lie in the province when both are), else the province, else the nation. */
  private async place(dto: MpRetailChartDto): Promise<{ filters: Filters; areaName: string }> {
    const cityId = dto.cityId !== undefined && dto.cityId !== -1 ? dto.cityId : undefined;
    const provinceId = dto.provinceId !== undefined && dto.provinceId !== -1 ? dto.provinceId : undefined;
    if (cityId !== undefined) {
      const city = await this.repository.cityName(cityId);
      if (!city) throw ApiException.badRequest('参数 cityId 没有这个城市');
      if (provinceId !== undefined && city.provinceId !== provinceId) throw ApiException.badRequest('参数 cityId 不在 provinceId 的省份内');
      return { filters: { cityIds: [cityId] }, areaName: city.name };
    }
    if (provinceId !== undefined) {
      const name = await this.repository.provinceName(provinceId);
      if (!name) throw ApiException.badRequest('参数 provinceId 没有这个省份');
      return { filters: { provinceIds: [provinceId] }, areaName: name };
    }
    return { filters: {}, areaName: '全国' };
  }
}
