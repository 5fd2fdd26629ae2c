import { Injectable } from '@nestjs/common';
import { API_MESSAGES } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { KeptUntilChange } from '../database/notify-listener';
import { AccessChanges } from './access-changes';
import { MenuRepository, pageKey } from './menu.repository';
import { SecurityEvents } from './security-events';
import { ADMIN_ROLE, SessionUser } from './session-user';

/** Roles whose pages are kept at most; there are a handful. */
const KEPT_ROLES = 1_000;

/**
 * The API obeys the same menus the front end shows: an endpoint of a page answers only users whose
 * role holds that page, whatever the client displays. Administrator-only operations check the role.
 * Each role's pages are read once and kept until a menu, role or grant changes in any process (decision 234).
 */
@Injectable()
export class PageAccessService {
  private readonly granted: KeptUntilChange<ReadonlySet<string>>;

  constructor(
    private readonly menus: MenuRepository,
    private readonly events: SecurityEvents,
    access: AccessChanges,
  ) {
    this.granted = new KeptUntilChange([access], KEPT_ROLES);
  }

  async requirePage(user: SessionUser, page: string, origin: { address: string; path: string }): Promise<void> {
    const pages = await this.granted.get(String(user.roleId), () => this.menus.grantedPages(user.roleId));
    if (pages.has(pageKey(page))) return;
    void this.events.record({ event: 'access.refused', reason: `page ${page}`, userId: user.id, account: user.account, ...origin });
    throw ApiException.forbidden(API_MESSAGES.pageForbidden);
  }

  /** Whether the user may open the page (no refusal recorded: 我的视图 asks before it opens a view's page). */
  opensPage(user: SessionUser, page: string): Promise<boolean> {
    return this.menus.roleOpensPage(user.roleId, page);
  }

  requireAdmin(user: SessionUser, origin: { address: string; path: string }): void {
    if (user.role === ADMIN_ROLE) return;
    void this.events.record({ event: 'access.refused', reason: 'not-admin', userId: user.id, account: user.account, ...origin });
    throw ApiException.forbidden(API_MESSAGES.adminOnly);
  }
}
