import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  ROBOT_DELIVERY_LIMIT,
  ROBOT_MESSAGES,
  ROBOT_SERVICES,
  ROBOT_SERVICE_LABELS,
  type AdminRobot,
  type RobotCreateDto,
  type RobotDelivery,
  type RobotUpdateDto,
  type TeamRobot,
} from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { SecurityEvents } from '../security/security-events';
import type { SessionUser } from '../security/session-user';
import { RobotResolver, RobotUrlError, resolveRobotTarget } from './robot-url';
import { RobotsRepository, type RobotFields } from './robots.repository';
import { RobotsService } from './robots.service';

/**
 * 群机器人's administration (docs/robots.md): register, edit, delete, test; and the team's list for analysts.
 * A URL is checked when it is registered or changed (decision 194) and again at every send; the URL and the
 * secret go into the table and never come back out.
 */
@Injectable()
export class RobotsAdminService {
  constructor(
    private readonly robots: RobotsRepository,
    private readonly delivery: RobotsService,
    private readonly events: SecurityEvents,
    private readonly resolver: RobotResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(): Promise<AdminRobot[]> {
    return this.robots.list();
  }

  async options(): Promise<{ services: Array<{ code: (typeof ROBOT_SERVICES)[number]; name: string }>; producers: Array<{ id: number; name: string }> }> {
    return { services: ROBOT_SERVICES.map((code) => ({ code, name: ROBOT_SERVICE_LABELS[code] })), producers: await this.robots.producers() };
  }

  /** The robots a user's team may send to: their producer's and everyone's. */
  team(user: SessionUser): Promise<TeamRobot[]> {
    return this.robots.team(user.producerId ?? null);
  }

  async deliveries(id: number): Promise<RobotDelivery[]> {
    await this.existing(id);
    return this.robots.deliveries(id, ROBOT_DELIVERY_LIMIT);
  }

  async create(dto: RobotCreateDto, user: SessionUser, address: string): Promise<AdminRobot> {
    const fields: RobotFields = {
      name: dto.name,
      producerId: await this.producer(dto.producerId),
      service: dto.service,
      url: await this.checkedUrl(dto.url),
      secret: this.secret(dto.service, dto.secret ?? null),
      enabled: dto.enabled,
    };
    const id = await this.robots.create(fields, user.id);
    await this.audit('robot.created', id, dto.name, user, address);
    return this.view(id);
  }

  async update(dto: RobotUpdateDto, user: SessionUser, address: string): Promise<AdminRobot> {
    const stored = await this.existing(dto.id);
    const keptSecret = dto.clearSecret ? null : stored.secret;
    // 企业微信 signs nothing: a change to it drops a 钉钉 / 飞书 signing secret only when the request says so
    // (clearSecret, the dialog's 删除已保存的签名密钥), never silently (decision 256).
    if (dto.service === 'wecom' && dto.secret === undefined && keptSecret !== null) throw ApiException.badRequest(ROBOT_MESSAGES.secretWouldBeDropped);
    const fields: RobotFields = {
      name: dto.name,
      producerId: await this.producer(dto.producerId),
      service: dto.service,
      url: dto.url === undefined ? stored.url : await this.checkedUrl(dto.url),
      secret: this.secret(dto.service, dto.secret ?? keptSecret),
      enabled: dto.enabled,
    };
    if (!(await this.robots.update(dto.id, fields))) throw ApiException.notFound(ROBOT_MESSAGES.notFound);
    await this.audit('robot.updated', dto.id, dto.name, user, address);
    return this.view(dto.id);
  }

  async remove(id: number, user: SessionUser, address: string): Promise<{ id: number }> {
    const stored = await this.existing(id);
    if (!(await this.robots.remove(id))) throw ApiException.notFound(ROBOT_MESSAGES.notFound);
    await this.audit('robot.deleted', id, stored.name, user, address);
    return { id };
  }

  /** 发送测试消息: a delivery like any other, to the robot's page. */
  async test(id: number, user: SessionUser): Promise<RobotDelivery> {
    await this.existing(id);
    const deliveryId = await this.delivery.queueDelivery(
      id,
      { title: ROBOT_MESSAGES.testTitle, lines: [ROBOT_MESSAGES.testLine], link: '/admin/robots' },
      user.id,
    );
    const view = await this.robots.deliveryView(deliveryId);
    if (!view) throw ApiException.notFound(ROBOT_MESSAGES.notFound);
    return view;
  }

  private async existing(id: number) {
    const robot = await this.robots.find(id);
    if (!robot) throw ApiException.notFound(ROBOT_MESSAGES.notFound);
    return robot;
  }

  private async view(id: number): Promise<AdminRobot> {
    const [robot] = await this.robots.list(id);
    if (!robot) throw ApiException.notFound(ROBOT_MESSAGES.notFound);
    return robot;
  }

  private async producer(id: number | undefined): Promise<number | null> {
    if (id === undefined) return null;
    if (!(await this.robots.producerExists(id))) throw ApiException.badRequest(ADMIN_MESSAGES.unknownProducer);
    return id;
  }

  /** The URL as it will be stored, once its form and its host's addresses passed (400 with the rule's message otherwise). */
  private async checkedUrl(text: string): Promise<string> {
    try {
      return (await resolveRobotTarget(text, this.config.ROBOT_ALLOW_INSECURE, (host) => this.resolver.lookup(host))).url.href;
    } catch (error) {
      if (error instanceof RobotUrlError) throw ApiException.badRequest(error.message);
      throw error;
    }
  }

  private secret(service: RobotCreateDto['service'], secret: string | null): string | null {
    if (service === 'wecom' && secret) throw ApiException.badRequest(ROBOT_MESSAGES.wecomHasNoSecret);
    return secret;
  }

  private async audit(event: 'robot.created' | 'robot.updated' | 'robot.deleted', robotId: number, robotName: string, user: SessionUser, address: string) {
    await this.events.record({ event, userId: user.id, account: user.account, address, detail: { robotId, robotName } });
  }
}
