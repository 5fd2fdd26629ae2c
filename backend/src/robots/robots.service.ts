import { Inject, Injectable } from '@nestjs/common';
import { ROBOT_ATTEMPTS, ROBOT_MESSAGES, robotMessageSchema, type RobotMessage, type TeamRobot } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { JobName } from '../queue/job-names';
import { JobQueue } from '../queue/job-queue';
import { RobotsRepository } from './robots.repository';

/** The first retry of a failed send waits this long, the second twice as long (then the delivery is failed). */
export const ROBOT_BACKOFF_MS = 2000;

/** Whether a user of `producerId` belongs to a robot's team: its producer's people, or everyone for a robot of none. */
export function inRobotTeam(robot: { producerId: number | null }, producerId: number | null): boolean {
  return robot.producerId === null || robot.producerId === producerId;
}

/**
 * Sending to a team robot (decision 196): `deliver` records a robot_delivery and queues the job that sends it
 * (RobotsJobs), which retries with backoff and then marks the delivery failed with the reason. Exported by
 * RobotsJobsModule for the subscriptions' job (and the admin page's 发送测试消息), in the app and the worker.
 */
@Injectable()
export class RobotsService {
  constructor(
    private readonly robots: RobotsRepository,
    @Inject(JobQueue) private readonly queue: JobQueue,
  ) {}

  /**
   * Sends `message` to robot `robotId`: queued now, sent by the job; a failure ends on the delivery's record, never
   * here. `subscriptionId`: the subscription whose hit it tells (decision 203), which then shows the send's state.
   */
  async deliver(robotId: number, message: RobotMessage, subscriptionId?: number): Promise<void> {
    await this.queueDelivery(robotId, message, undefined, subscriptionId);
  }

  /** A robot's name and team (its producer, none: everyone's), or null when it is gone. */
  async robotTeam(robotId: number): Promise<{ name: string; producerId: number | null } | null> {
    const robot = await this.robots.find(robotId);
    return robot && { name: robot.name, producerId: robot.producerId };
  }

  /** The robots a user of `producerId` may send to: their team's and everyone's (enabled ones). */
  teamRobots(producerId: number | null): Promise<TeamRobot[]> {
    return this.robots.team(producerId);
  }

  /** `deliver`, answering the delivery's id (the test message shows it); `userId`: who asked, for the job monitor. */
  async queueDelivery(robotId: number, message: RobotMessage, userId?: number, subscriptionId?: number): Promise<number> {
    const checked = robotMessageSchema.parse(message);
    const robot = await this.robots.find(robotId);
    if (!robot) throw ApiException.notFound(ROBOT_MESSAGES.notFound);
    const id = await this.robots.addDelivery(robot.id, checked, subscriptionId ?? null);
    if (!robot.enabled) {
      await this.robots.fail(id, ROBOT_MESSAGES.disabled);
      return id;
    }
    await this.queue.enqueue(
      JobName.DeliverRobotMessage,
      { deliveryId: id },
      { jobId: `robot-delivery-${id}`, userId, attempts: ROBOT_ATTEMPTS, backoffMs: ROBOT_BACKOFF_MS },
    );
    return id;
  }
}
