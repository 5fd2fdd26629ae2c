import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessChanges } from './access-changes';
import { AuthenticationGuard } from './authentication.guard';
import { LoginAttemptRepository } from './login-attempt.repository';
import { LoginThrottle } from './login-throttle.service';
import { MenusModule } from './menus.module';
import { PageAccessGuard } from './page-access.guard';
import { PageAccessService } from './page-access.service';
import { PasswordHasher } from './password.hasher';
import { RevokedTokenRepository } from './revoked-token.repository';
import { SecurityController } from './security.controller';
import { SecurityEventRepository } from './security-event.repository';
import { SecurityEvents } from './security-events';
import { SecurityService } from './security.service';
import { SessionService } from './session.service';
import { TokenService } from './token.service';
import { UserRepository } from './user.repository';

/**
 * Sign-in, sessions and permissions. Registers the two global guards, in this order: every route needs
 * a session unless @Public(); then @AdminOnly() and @RequiresPage(path) are checked against the role.
 * Other modules use the decorators (security.decorators.ts); exported: SecurityService's credential check (mp binding),
 * the audit trail and the hasher (admin).
 */
@Module({
  imports: [MenusModule],
  controllers: [SecurityController],
  providers: [
    AccessChanges,
    SecurityService,
    SessionService,
    TokenService,
    PageAccessService,
    LoginThrottle,
    PasswordHasher,
    SecurityEvents,
    SecurityEventRepository,
    UserRepository,
    RevokedTokenRepository,
    LoginAttemptRepository,
    { provide: APP_GUARD, useClass: AuthenticationGuard },
    { provide: APP_GUARD, useClass: PageAccessGuard },
  ],
  // The mini-program binding checks an account's password the way sign-in does; administrators' actions
  // are recorded in the same trail, which the audit page reads; a password is hashed one way everywhere; whoever
  // writes an access table tells AccessChanges.
  exports: [AccessChanges, SecurityService, SecurityEvents, SecurityEventRepository, PasswordHasher, SessionService, PageAccessService],
})
export class SecurityModule {}
