import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { QUEUE_BOARD_PATH } from '@car/contracts';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { AllExceptionsFilter } from '../../common/all-exceptions.filter';
import { BullJobQueue, JobQueue } from '../../queue/job-queue';
import { clientAddress } from '../../security/client-address';
import { PageAccessService } from '../../security/page-access.service';
import { tokenOf } from '../../security/session-cookie';
import { requireSettledPassword } from '../../security/authentication.guard';
import { SecurityEvents } from '../../security/security-events';
import { SessionService } from '../../security/session.service';

/**
 * The maintained BullMQ dashboard (bull-board) at QUEUE_BOARD_PATH, in BullMQ mode only, behind the
 * administrator check (decision 110). It is Express middleware, which Nest's guards do not cover,
 * so `adminOnly` runs the guards' own checks: SessionService.authenticate (the token header or cookie,
 * revocation, the user's current state), requireSettledPassword (-1014 until an administrator-set password
 * is changed) and PageAccessService.requireAdmin, refusing in the envelope
 * (401 -1009/-1008/-1012, 403 -1403) through the app's exception filter.
 */
export function mountQueueBoard(app: NestExpressApplication): void {
  const queue = app.get(JobQueue, { strict: false });
  if (!(queue instanceof BullJobQueue)) return;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: Object.values(queue.queues).map((each) => new BullMQAdapter(each)),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: '任务队列',
        locale: { lng: 'zh-CN' },
        hideDocsLink: true,
        miscLinks: [{ text: '返回任务监控', url: '/admin/jobs' }],
      },
    },
  });
  const board = serverAdapter.getRouter() as Express;
  withoutWebFonts(board);
  app.use(
    QUEUE_BOARD_PATH,
    adminOnly(app.get(SessionService, { strict: false }), app.get(PageAccessService, { strict: false }), app.get(SecurityEvents, { strict: false })),
    board,
  );
}

export function adminOnly(sessions: SessionService, access: PageAccessService, events: SecurityEvents): RequestHandler {
  const errors = new AllExceptionsFilter();
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = { address: clientAddress(req), path: req.originalUrl.split('?')[0] };
    sessions
      .authenticate(tokenOf(req), origin)
      .then((user) => {
        requireSettledPassword(user, origin, events);
        access.requireAdmin(user, origin);
        next();
      })
      .catch((error: unknown) => {
        const { status, body } = errors.toAnswer(error, req);
        res.status(status).json(body);
      });
  };
}

const WEB_FONTS = /<link[^>]+fonts\.googleapis\.com[^>]*>/g;

/**
 * The board's page links Google's web fonts, which the app's Content-Security-Policy (style-src 'self')
 * refuses and which mainland China cannot reach: the page is rendered without that link and draws in the
 * system's fonts. Its scripts and styles are its own static files, so the policy needs no exception.
 */
function withoutWebFonts(board: Express): void {
  type Engine = (path: string, options: object, callback: (error: Error | null, html?: string) => void) => void;
  const engines = (board as unknown as { engines: Record<string, Engine> }).engines;
  const render = engines['.ejs'];
  if (!render) return;
  board.engine('ejs', (path, options, callback) => render(path, options, (error, html) => callback(error, html?.replace(WEB_FONTS, ''))));
}
