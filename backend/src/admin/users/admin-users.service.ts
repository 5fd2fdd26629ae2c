import { Injectable } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  ApiCode,
  type AdminUser,
  type AuditDetail,
  type SecurityEventName,
  type UserCreateDto,
  type UserListQuery,
  type UserOptions,
  type UserPage,
  type UserUpdateDto,
} from '@car/contracts';
import { ApiException } from '../../common/api-codes';
import { MpService } from '../../mp/mp.service';
import { PasswordHasher } from '../../security/password.hasher';
import { SecurityEvents } from '../../security/security-events';
import type { SessionUser } from '../../security/session-user';
import { AdminUsersRepository, type UserChange } from './admin-users.repository';
import { temporaryPassword } from './temporary-password';

type Changes = NonNullable<AuditDetail['changes']>;

/**
 * 用户管理: administrators create users, set their role, nickname and own producer and brand, disable and
 * enable them, reset passwords and end sessions. Every change is a security event naming the user and
 * the fields changed. Ending sessions reuses the token checks of decision 49: a token names the user's
 * session version (password_changed_at) and role, producer and brand, so moving the version or changing
 * one of those refuses every older token with -1012.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: SecurityEvents,
    private readonly mp: MpService,
  ) {}

  async list(query: UserListQuery): Promise<UserPage> {
    const { items, total } = await this.users.page(query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  options(): Promise<UserOptions> {
    return this.users.options();
  }

  async create(dto: UserCreateDto, admin: SessionUser, address: string): Promise<AdminUser> {
    const roleId = await this.roleIdOf(dto.role);
    await this.checkMakers(dto.producerId, dto.brandId);
    const id = await this.users.create({
      account: dto.account,
      passwordHash: await this.hasher.hash(dto.password),
      nickname: dto.nickname,
      roleId,
      producerId: dto.producerId ?? null,
      brandId: dto.brandId ?? null,
    });
    if (id === null) throw new ApiException(ApiCode.Conflict, ADMIN_MESSAGES.accountTaken);
    const user = await this.existing(id);
    // What the new user holds: the fields set (a producer or brand left empty is not a change).
    const changes: Changes = { nickname: { from: null, to: user.nickname }, role: { from: null, to: user.role, toText: user.roleName } };
    if (user.producerId !== null) changes.producerId = { from: null, to: user.producerId, toText: user.producerName };
    if (user.brandId !== null) changes.brandId = { from: null, to: user.brandId, toText: user.brandName };
    await this.audit('user.created', admin, address, user, changes);
    return user;
  }

  /** Every field as sent (an absent producer or brand is none); an update that changes nothing records nothing. */
  async update(dto: UserUpdateDto, admin: SessionUser, address: string): Promise<AdminUser> {
    const before = await this.existing(dto.id);
    const producerId = dto.producerId ?? null;
    const brandId = dto.brandId ?? null;
    if (dto.role !== before.role) {
      if (dto.id === admin.id) throw ApiException.badRequest(ADMIN_MESSAGES.selfDemote);
    }
    const roleId = await this.roleIdOf(dto.role);
    await this.checkMakers(dto.producerId, dto.brandId);
    const changes: Changes = {};
    const change: UserChange = {};
    if (dto.nickname !== before.nickname) [changes.nickname, change.nickname] = [{ from: before.nickname, to: dto.nickname }, dto.nickname];
    if (dto.role !== before.role) [changes.role, change.roleId] = [{ from: before.role, to: dto.role }, roleId];
    if (producerId !== before.producerId) [changes.producerId, change.producerId] = [{ from: before.producerId, to: producerId }, producerId];
    if (brandId !== before.brandId) [changes.brandId, change.brandId] = [{ from: before.brandId, to: brandId }, brandId];
    if (Object.keys(changes).length === 0) return before;
    const after = await this.apply(dto.id, change);
    // Codes and ids are kept as they are; the names beside them are what the audit page shows.
    if (changes.role) Object.assign(changes.role, { fromText: before.roleName, toText: after.roleName });
    if (changes.producerId) Object.assign(changes.producerId, { fromText: before.producerName, toText: after.producerName });
    if (changes.brandId) Object.assign(changes.brandId, { fromText: before.brandName, toText: after.brandName });
    await this.audit('user.updated', admin, address, after, changes);
    return after;
  }

  /** Disabling also moves the session version, so the user's old tokens stay dead if they are enabled again. */
  async disable(id: number, admin: SessionUser, address: string): Promise<AdminUser> {
    if (id === admin.id) throw ApiException.badRequest(ADMIN_MESSAGES.selfDisable);
    const before = await this.existing(id);
    if (!before.enabled) return before;
    const after = await this.apply(id, { enabled: false, sessionVersion: new Date() });
    await this.audit('user.disabled', admin, address, after, { enabled: { from: 'enabled', to: 'disabled' } });
    return after;
  }

  async enable(id: number, admin: SessionUser, address: string): Promise<AdminUser> {
    const before = await this.existing(id);
    if (before.enabled) return before;
    const after = await this.apply(id, { enabled: true });
    await this.audit('user.enabled', admin, address, after, { enabled: { from: 'disabled', to: 'enabled' } });
    return after;
  }

  /** A new temporary password, answered once: every token of the user ends and the next sign-in must change it. */
  async resetPassword(id: number, admin: SessionUser, address: string): Promise<{ user: AdminUser; password: string }> {
    await this.existing(id);
    const password = temporaryPassword();
    const user = await this.apply(id, { passwordHash: await this.hasher.hash(password), mustChangePassword: true, sessionVersion: new Date() });
    await this.audit('password.reset', admin, address, user);
    return { user, password };
  }

  async revokeSessions(id: number, admin: SessionUser, address: string): Promise<AdminUser> {
    await this.existing(id);
    const user = await this.apply(id, { sessionVersion: new Date() });
    await this.audit('sessions.revoked', admin, address, user);
    return user;
  }

  /** Unbinding is mp/unbind's (MpService.unbind), which the page calls with the openId listed here. */
  async bindings(id: number): Promise<Array<{ openId: string; createTime: string }>> {
    await this.existing(id);
    return this.mp.bindingsOf(id);
  }

  private async apply(id: number, change: UserChange): Promise<AdminUser> {
    const outcome = await this.users.change(id, change);
    if (outcome === 'missing') throw ApiException.notFound(ADMIN_MESSAGES.userNotFound);
    if (outcome === 'last-admin') throw ApiException.badRequest(ADMIN_MESSAGES.lastAdmin);
    return this.existing(id);
  }

  private async existing(id: number): Promise<AdminUser> {
    const user = await this.users.find(id);
    if (!user) throw ApiException.notFound(ADMIN_MESSAGES.userNotFound);
    return user;
  }

  private async roleIdOf(code: string): Promise<number> {
    const roleId = await this.users.roleId(code);
    if (roleId === null) throw ApiException.badRequest(ADMIN_MESSAGES.unknownRole);
    return roleId;
  }

  /** 本品: a producer, and optionally one of its brands. */
  private async checkMakers(producerId: number | undefined, brandId: number | undefined): Promise<void> {
    if (producerId === undefined && brandId === undefined) return;
    if (producerId === undefined) throw ApiException.badRequest(ADMIN_MESSAGES.brandNeedsProducer);
    const found = await this.users.makers(producerId, brandId);
    if (!found.producer) throw ApiException.badRequest(ADMIN_MESSAGES.unknownProducer);
    if (brandId === undefined) return;
    if (!found.brand) throw ApiException.badRequest(ADMIN_MESSAGES.unknownBrand);
    if (!found.brandOfProducer) throw ApiException.badRequest(ADMIN_MESSAGES.brandNotOfProducer);
  }

  private audit(event: SecurityEventName, admin: SessionUser, address: string, user: AdminUser, changes?: Changes): Promise<void> {
    return this.events.record({
      event,
      userId: admin.id,
      account: admin.account,
      address,
      detail: { targetId: user.id, targetAccount: user.account, ...(changes ? { changes } : {}) },
    });
  }
}
