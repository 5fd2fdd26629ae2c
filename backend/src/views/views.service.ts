import { Injectable } from '@nestjs/common';
import {
  ApiCode,
  MAX_VIEWS_PER_USER,
  VIEW_MESSAGES,
  analysisPageOf,
  applicableQuery,
  type Colleague,
  type ColleagueQuery,
  type SavedView,
  type SecurityEventName,
  type ViewCopyDto,
  type ViewList,
  type ViewOpening,
  type ViewRenameDto,
  type ViewSaveDto,
  type ViewShareDto,
} from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import { PageAccessService } from '../security/page-access.service';
import { SecurityEvents } from '../security/security-events';
import { ADMIN_ROLE, type SessionUser } from '../security/session-user';
import { ViewsRepository, type Sharer, type ViewRow } from './views.repository';

/** At most this many colleagues in one lookup: the share dialog narrows by typing. */
const COLLEAGUE_LIMIT = 50;

/**
 * 我的视图: a user's saved analysis-page addresses. Only the owner renames, deletes or shares a view; whoever
 * it is shared with may open it and save a copy (decision 187). Opening names the page with the parameters it
 * still reads and the ones dropped, and refuses a page outside the viewer's own menus (decision 188). Every
 * write is a row of the audit trail.
 */
@Injectable()
export class ViewsService {
  constructor(
    private readonly views: ViewsRepository,
    private readonly pages: PageAccessService,
    private readonly events: SecurityEvents,
    private readonly ids: ReferenceIdsRepository,
  ) {}

  async list(user: SessionUser): Promise<ViewList> {
    const [mine, shared, producerName] = await Promise.all([
      this.views.owned(user.id),
      this.views.sharedWith(user),
      this.ids.nameOf('producer', user.producerId),
    ]);
    return { mine: mine.map((row) => this.toView(row, user)), shared: shared.map((row) => this.toView(row, user)), limit: MAX_VIEWS_PER_USER, producerName };
  }

  async save(dto: ViewSaveDto, user: SessionUser, address: string): Promise<SavedView> {
    const outcome = await this.views.insert(user.id, dto, MAX_VIEWS_PER_USER);
    const view = await this.created(outcome, user);
    await this.audit('view.saved', user, address, view);
    return view;
  }

  async rename(dto: ViewRenameDto, user: SessionUser, address: string): Promise<SavedView> {
    const before = await this.owned(user, dto.id);
    const outcome = await this.views.rename(user.id, dto.id, dto.name);
    if (outcome === 'missing') throw ApiException.notFound(VIEW_MESSAGES.notFound);
    if (outcome === 'name-taken') throw new ApiException(ApiCode.Conflict, VIEW_MESSAGES.nameTaken);
    const view = await this.owned(user, dto.id);
    await this.events.record({
      event: 'view.renamed',
      userId: user.id,
      account: user.account,
      address,
      detail: { viewId: view.id, viewName: view.name, changes: { name: { from: before.name, to: view.name } } },
    });
    return view;
  }

  async remove(id: number, user: SessionUser, address: string): Promise<{ deleted: number }> {
    const view = await this.owned(user, id);
    const deleted = await this.views.remove(user.id, id);
    if (deleted === 0) throw ApiException.notFound(VIEW_MESSAGES.notFound);
    await this.audit('view.deleted', user, address, view);
    return { deleted };
  }

  async share(dto: ViewShareDto, user: SessionUser, address: string): Promise<SavedView> {
    await this.owned(user, dto.id);
    if (dto.userIds.includes(user.id)) throw ApiException.badRequest(VIEW_MESSAGES.selfShare);
    if (dto.producer && user.producerId === null) throw ApiException.badRequest(VIEW_MESSAGES.noProducer);
    // Refused at the API, not only left out of the dialog (decision 259); the same refusal whatever the reason, so an
    // analyst cannot tell another producer's user from no user.
    const sharer = sharerOf(user);
    const found = await this.views.colleagueIds(sharer, dto.userIds);
    if (found.length !== dto.userIds.length) throw ApiException.badRequest(sharer.admin ? VIEW_MESSAGES.unknownColleague : VIEW_MESSAGES.notColleague);
    // The share names the owner's producer of now, and keeps it if the owner moves (decision 260).
    const producerId = dto.producer ? user.producerId : null;
    if (!(await this.views.share(user.id, dto.id, dto.userIds, producerId))) throw ApiException.notFound(VIEW_MESSAGES.notFound);
    const view = await this.owned(user, dto.id);
    const names = view.sharedWith.map((u) => u.account);
    if (view.sharedWithProducer) names.push(`${view.sharedProducerName ?? ''}全部同事`);
    await this.events.record({
      event: 'view.shared',
      userId: user.id,
      account: user.account,
      address,
      detail: { viewId: view.id, viewName: view.name, sharedWith: names.length > 0 ? names.join('、') : '无' },
    });
    return view;
  }

  /** Saves a view the user may open (their own or one shared with them) as a new view of theirs. */
  async copy(dto: ViewCopyDto, user: SessionUser, address: string): Promise<SavedView> {
    const source = await this.views.visible(user, dto.id);
    if (!source) throw ApiException.notFound(VIEW_MESSAGES.notFound);
    const outcome = await this.views.insert(user.id, { name: dto.name, path: source.path, query: source.query }, MAX_VIEWS_PER_USER);
    const view = await this.created(outcome, user);
    await this.events.record({
      event: 'view.copied',
      userId: user.id,
      account: user.account,
      address,
      detail: {
        viewId: view.id,
        viewName: view.name,
        changes: { source: { from: source.id, to: view.id, fromText: `${source.ownerAccount} 的 ${source.name}` } },
      },
    });
    return view;
  }

  /** Where a view leads the viewer: its page with the parameters the page still reads, and the ones dropped. */
  async open(id: number, user: SessionUser): Promise<ViewOpening> {
    const row = await this.views.visible(user, id);
    if (!row) throw ApiException.notFound(VIEW_MESSAGES.notFound);
    const page = analysisPageOf(row.path);
    if (!page) throw ApiException.notFound(VIEW_MESSAGES.pageGone);
    if (!(await this.pages.opensPage(user, page.path))) throw ApiException.forbidden(VIEW_MESSAGES.pageClosed);
    const { query, dropped } = applicableQuery(page, row.query);
    return { id: row.id, name: row.name, pageName: page.name, href: `${page.path}${query}`, dropped };
  }

  /** Whom the user may share with: an analyst the analysts of their producer, an administrator anyone (decision 259). */
  colleagues(query: ColleagueQuery, user: SessionUser): Promise<Colleague[]> {
    return this.views.colleagues(sharerOf(user), query.keyword, COLLEAGUE_LIMIT);
  }

  private async created(outcome: Awaited<ReturnType<ViewsRepository['insert']>>, user: SessionUser): Promise<SavedView> {
    if (outcome === 'too-many') throw new ApiException(ApiCode.Conflict, VIEW_MESSAGES.tooMany);
    if (outcome === 'name-taken') throw new ApiException(ApiCode.Conflict, VIEW_MESSAGES.nameTaken);
    return this.owned(user, outcome.id);
  }

  /** The user's own view: 404 when no view they may see has the id, 403 when it is one shared with them. */
  private async owned(user: SessionUser, id: number): Promise<SavedView> {
    const row = await this.views.visible(user, id);
    if (!row) throw ApiException.notFound(VIEW_MESSAGES.notFound);
    if (row.ownerId !== user.id) throw ApiException.forbidden(VIEW_MESSAGES.readOnly);
    return this.toView(row, user);
  }

  private toView(row: ViewRow, user: SessionUser): SavedView {
    return {
      id: row.id,
      name: row.name,
      path: row.path,
      pageName: analysisPageOf(row.path)?.name ?? null,
      query: row.query,
      updateTime: row.updateTime,
      owner: { id: row.ownerId, account: row.ownerAccount, nickname: row.ownerNickname },
      mine: row.ownerId === user.id,
      sharedWith: row.sharedWith,
      sharedWithProducer: row.sharedWithProducer,
      sharedProducerName: row.sharedProducerName,
    };
  }

  private audit(event: SecurityEventName, user: SessionUser, address: string, view: SavedView): Promise<void> {
    return this.events.record({ event, userId: user.id, account: user.account, address, path: view.path, detail: { viewId: view.id, viewName: view.name } });
  }
}

function sharerOf(user: SessionUser): Sharer {
  return { id: user.id, producerId: user.producerId, admin: user.role === ADMIN_ROLE };
}
