import { Injectable } from '@nestjs/common';
import { ChangePasswordDto, CurrentUser as CurrentUserDto, LoginDto, LoginResult, MenuGroup as MenuGroupDto } from '@car/contracts';
import { ApiCode, ApiException } from '../common/api-codes';
import { LoginThrottle } from './login-throttle.service';
import { MenuRepository } from './menu.repository';
import { PasswordHasher } from './password.hasher';
import { SecurityEvents } from './security-events';
import { SessionService } from './session.service';
import { SessionUser } from './session-user';
import { TokenService } from './token.service';
import type { UserCredentials } from './user.repository';
import { UserRepository } from './user.repository';

export const LOGIN_FAILED_MSG = '账号或密码错误';
export const WRONG_OLD_PASSWORD_MSG = '旧密码错误';

/** Sign-in, sign-out, change of password, and what a signed-in user may see. */
@Injectable()
export class SecurityService {
  constructor(
    private readonly users: UserRepository,
    private readonly menus: MenuRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly events: SecurityEvents,
  ) {}

  /** A wrong password and an unknown (or disabled) account answer alike, in about the same time. */
  async login({ account, password }: LoginDto, address: string): Promise<LoginResult> {
    const user = await this.verifyCredentials(account, password, address);
    const { token } = await this.tokens.issue({ userId: user.id, role: user.role, producerId: user.producerId, brandId: user.brandId }, user.passwordChangedAt);
    await this.events.record({ event: 'login.success', userId: user.id, account: user.account, address });
    return { token, nickname: user.nickname, mustChangePassword: user.mustChangePassword };
  }

  /**
   * The account's user when the password is right and the user active, under the sign-in throttle;
   * otherwise 401 (or 429). Signing in and binding a mini-program openId both pass through it.
   */
  async verifyCredentials(account: string, password: string, address: string): Promise<UserCredentials> {
    const attempt = await this.throttle.begin(account, address);
    const user = await this.users.findCredentialsByAccount(account);
    const matches = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !matches || !user.enabled) {
      await this.events.record({ event: 'login.failure', userId: user?.id, account, address });
      throw new ApiException(ApiCode.LoginFailed, LOGIN_FAILED_MSG);
    }
    await this.throttle.passed(attempt);
    return user;
  }

  async logout(session: SessionUser, address: string): Promise<void> {
    await this.sessions.revoke(session);
    await this.events.record({ event: 'logout', userId: session.id, account: session.account, address });
  }

  /**
   * The old password is a password check like a sign-in (same throttle), so a stolen session cannot
   * guess it. Success dates the change now: every token issued until this second stops working.
   */
  async changePassword(session: SessionUser, { oldPwd, newPwd }: ChangePasswordDto, address: string): Promise<void> {
    const attempt = await this.throttle.begin(session.account, address, session.id);
    const user = await this.users.findCredentialsById(session.id);
    if (!user || !(await this.hasher.verify(user.passwordHash, oldPwd))) {
      await this.events.record({ event: 'password.change_refused', userId: session.id, account: session.account, address });
      throw ApiException.badRequest(WRONG_OLD_PASSWORD_MSG);
    }
    await this.throttle.passed(attempt);
    await this.users.updatePassword(user.id, await this.hasher.hash(newPwd), new Date());
    await this.events.record({ event: 'password.changed', userId: user.id, account: user.account, address });
  }

  /** The menu groups of the user's role with their pages, ordered by sort; groups without pages are left out. */
  async menusOf(session: SessionUser): Promise<MenuGroupDto[]> {
    const rows = await this.menus.menusOfRole(session.roleId);
    const groups = rows
      .filter((row) => row.parentId === null)
      .map((group): MenuGroupDto => ({ id: group.id, name: group.name, path: group.path, subMenuItems: [] }));
    const byId = new Map(groups.map((group) => [group.id, group]));
    for (const row of rows) {
      if (row.parentId !== null) byId.get(row.parentId)?.subMenuItems.push({ id: row.id, name: row.name, path: row.path });
    }
    return groups.filter((group) => group.subMenuItems.length > 0);
  }

  me(session: SessionUser): CurrentUserDto {
    const { id, account, nickname, role, producerId, brandId, mustChangePassword } = session;
    return { id, account, nickname, role, producerId, brandId, mustChangePassword };
  }
}
