import { Injectable } from '@nestjs/common';
import { API_MESSAGES } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { MenuRepository } from './menu.repository';
import { SecurityEvents } from './security-events';
import { ADMIN_ROLE, SessionUser } from './session-user';

/**
 * The API obeys the same menus the front end shows: an endpoint of a page answers only users whose
 * role holds that page, whatever the client displays. Administrator-only operations check the role.
 */
@Injectable()
export class PageAccessService {
  constructor(
    private readonly menus: MenuRepository,
    private readonly events: SecurityEvents,
  ) {}

  async requirePage(user: SessionUser, page: string, origin: { address: string; path: string }): Promise<void> {
    if (await this.menus.roleHasPage(user.roleId, page)) return;
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
