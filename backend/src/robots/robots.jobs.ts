import { Inject, Injectable, Logger } from '@nestjs/common';
import { ROBOT_ATTEMPTS, ROBOT_MESSAGES } from '@car/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { SecurityEvents } from '../security/security-events';
import { robotReplyError, robotRequest } from './robot-message';
import { postJson } from './robot-sender';
import { RobotResolver, resolveRobotTarget } from './robot-url';
import { RobotsRepository, type StoredRobot } from './robots.repository';
import { inRobotTeam } from './robots.service';

/** The address the audit trail records for a send: the app itself, not a visitor. */
const SYSTEM_ADDRESS = '-';

/**
 * One send of a robot_delivery (decision 196): the URL checked and resolved again (decision 194), the message
 * in the robot's format and signed (decision 195), posted to the checked address. A failure is recorded on the
 * delivery and thrown, so the queue retries it with backoff (BullMQ and in-process alike); the last allowed
 * one fails the delivery. Every send, sent or failed, is an audit event.
 */
@Injectable()
export class RobotsJobs {
  private readonly logger = new Logger('Robots');

  constructor(
    private readonly robots: RobotsRepository,
    private readonly events: SecurityEvents,
    private readonly resolver: RobotResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.DeliverRobotMessage)
  async send(data: JobPayloads[JobName.DeliverRobotMessage]): Promise<void> {
    const delivery = await this.robots.delivery(data.deliveryId);
    if (!delivery || delivery.state === 'sent') return;
    const robot = await this.robots.find(delivery.robotId);
    if (!robot?.enabled) {
      await this.robots.fail(delivery.id, ROBOT_MESSAGES.disabled);
      return;
    }
    // A subscription's hit goes only to a robot of its owner's team, checked again at each send (decision 261).
    const subscriber = delivery.subscriber;
    if (subscriber && !(subscriber.enabled && inRobotTeam(robot, subscriber.producerId))) {
      await this.robots.fail(delivery.id, ROBOT_MESSAGES.subscriberLeft);
      return;
    }
    const error = await this.attempt(robot, delivery.message);
    const attempt = delivery.attempts + 1;
    const detail = { robotId: robot.id, robotName: robot.name, deliveryId: delivery.id, attempt };
    if (error === null) {
      await this.robots.recordAttempt(delivery.id, { sent: true });
      await this.events.record({ event: 'robot.sent', address: SYSTEM_ADDRESS, detail });
      return;
    }
    const failed = attempt >= ROBOT_ATTEMPTS;
    await this.robots.recordAttempt(delivery.id, { sent: false, error, failed });
    await this.events.record({ event: 'robot.send_failed', address: SYSTEM_ADDRESS, reason: error, detail });
    this.logger.warn(`robot ${robot.id} delivery ${delivery.id} attempt ${attempt} failed: ${error}`);
    throw new Error(error);
  }

  /** One post: null when the service accepted it, else why not (in Chinese, for the page). */
  private async attempt(robot: StoredRobot, message: Parameters<typeof robotRequest>[3]): Promise<string | null> {
    try {
      const target = await resolveRobotTarget(robot.url, this.config.ROBOT_ALLOW_INSECURE, (host) => this.resolver.lookup(host));
      const request = robotRequest(robot.service, target.url, robot.secret, message, this.config.PUBLIC_URL);
      const reply = await postJson(request.url, target, request.body);
      if (reply.status >= 300 && reply.status < 400) return `HTTP ${reply.status}：地址要求跳转，未跟随`;
      if (reply.status < 200 || reply.status >= 300) return `HTTP ${reply.status}`;
      return robotReplyError(robot.service, reply.body);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
