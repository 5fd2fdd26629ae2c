import { Module } from '@nestjs/common';
import { MpModule } from '../mp/mp.module';
import { SecurityModule } from '../security/security.module';
import { AuditController } from './audit/audit.controller';
import { AuditRetention } from './audit/audit-retention';
import { AuditService } from './audit/audit.service';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersRepository } from './users/admin-users.repository';
import { AdminUsersService } from './users/admin-users.service';

/**
 * 系统管理 (docs/security.md "Administration: users and audit"): users and the security audit trail, administrators
 * only. Sign-in rules, tokens and the trail's writer stay in security/; mini-program bindings in mp/.
 */
@Module({
  imports: [SecurityModule, MpModule],
  controllers: [AdminUsersController, AuditController],
  providers: [AdminUsersService, AdminUsersRepository, AuditService, AuditRetention],
})
export class AdminModule {}
