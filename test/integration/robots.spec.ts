import { createHmac } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { ADMIN_MESSAGES, API_PREFIX, ROBOT_MESSAGES, type AdminRobot, type JobPage, type RobotDelivery, type TeamRobot } from '@car/contracts';
import { InProcessJobQueue, JobQueue } from '../../backend/src/queue/job-queue';
import { RobotResolver } from '../../backend/src/robots/robot-url';
import { ROBOT_ADDRESS_CASES, answerOf } from '../../backend/src/robots/robot-url.cases';
import { RobotsService } from '../../backend/src/robots/robots.service';
import { signedInApp } from '../support/api-app';
import { signIn } from '../support/shared-app';
import { receiver } from '../support/robot-receiver';
import { testEnv } from '../support/test-env';
import { createAdmin } from '../support/users';

/**
 * Team robots (docs/robots.md, decisions 194-196) against a local HTTP receiver standing in for 企业微信, 钉钉 and
 * 飞书: a delivery reaches it once, in the service's format, signed; a receiver answering 500, an errcode or a
 * redirect is retried with backoff and the delivery failed, visible through the admin calls and the job monitor;
 * the SSRF refusals without ROBOT_ALLOW_INSECURE; analysts see their team's robots by name only.
 */

const env = testEnv();
const PASSWORD = 'Robots@2026x';
const ROBOTS = `${API_PREFIX}/admin/robots`;
const PUBLIC_URL = 'https://car.example.com';
const address = (n: number) => `10.84.${process.pid % 250}.${n}`;

/**
 * Stands in for a DNS server the tests control: the app's robot resolver answers `answers` (a name → an address,
 * changeable between registration and send) and counts the questions. Names outside it do not resolve.
 */
function hostileDns(app: NestExpressApplication) {
  const answers = new Map<string, string>();
  const asked: string[] = [];
  const lookup = jest.spyOn(app.get(RobotResolver), 'lookup').mockImplementation((hostname: string) => {
    asked.push(hostname);
    const answer = answers.get(hostname);
    if (answer === undefined) return Promise.reject(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve([{ address: answer, family: answer.includes(':') ? 6 : 4 }]);
  });
  return { answers, asked, restore: () => lookup.mockRestore() };
}

function admin(app: NestExpressApplication, token: string) {
  const server = () => request(app.getHttpServer());
  return {
    create: (body: object) => server().post(`${ROBOTS}/create`).set('token', token).send(body),
    update: (body: object) => server().post(`${ROBOTS}/update`).set('token', token).send(body),
    remove: (id: number) => server().post(`${ROBOTS}/delete`).set('token', token).send({ id }),
    test: (id: number) => server().post(`${ROBOTS}/test`).set('token', token).send({ id }),
    list: async () => (await server().get(`${ROBOTS}/list`).set('token', token).expect(200)).body.result as AdminRobot[],
    deliveries: async (id: number) =>
      (
        await server()
          .get(`${ROBOTS}/deliveries`)
          .query({ id: String(id) })
          .set('token', token)
          .expect(200)
      ).body.result as RobotDelivery[],
    jobs: async () =>
      (await server().get(`${API_PREFIX}/admin/jobs/list`).query({ kind: 'robots.deliver', pageSize: '100' }).set('token', token).expect(200)).body
        .result as JobPage,
  };
}

describe('team robots with a local receiver (ROBOT_ALLOW_INSECURE)', () => {
  let app: NestExpressApplication;
  let token: string;
  let analyst: string;
  let db: Client;
  let robot: Awaited<ReturnType<typeof receiver>>;
  let api: ReturnType<typeof admin>;
  let queue: InProcessJobQueue;

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    robot = await receiver();
    const account = await createAdmin('robots', PASSWORD, '机器人管理员');
    ({ app, token } = await signedInApp({ address: address(1), account, password: PASSWORD, config: { ROBOT_ALLOW_INSECURE: 'true', PUBLIC_URL } }));
    analyst = await signIn(app, 'demo', 'Demo@2026', address(2));
    api = admin(app, token);
    queue = app.get<JobQueue, InProcessJobQueue>(JobQueue);
  });

  afterAll(async () => {
    await app?.close();
    await robot?.close();
    await db?.end();
  });

  async function registered(body: object): Promise<AdminRobot> {
    const answer = await api.create({ enabled: true, ...body });
    expect(answer.body).toMatchObject({ code: 1 });
    return answer.body.result as AdminRobot;
  }

  it('sends to the address the check answered: a name only the robot resolver knows reaches the receiver, resolved again at the send', async () => {
    const dns = hostileDns(app);
    try {
      dns.answers.set('pinned.robots.example', '127.0.0.1');
      const pinned = await registered({
        name: '固定地址的群',
        service: 'wecom',
        url: `${robot.url.replace('127.0.0.1', 'pinned.robots.example')}/ok?key=PINNED`,
      });
      expect(dns.asked).toEqual(['pinned.robots.example']);
      const before = robot.received.length;
      await api.test(pinned.id).expect(200);
      await queue.drain();
      expect(robot.received.slice(before).map((r) => r.query.get('key'))).toEqual(['PINNED']);
      expect(dns.asked).toEqual(['pinned.robots.example', 'pinned.robots.example']);
    } finally {
      dns.restore();
    }
  });

  it('sends each service exactly the message, in its format and signed, and the list shows it sent', async () => {
    const wecom = await registered({ name: '企业微信群', service: 'wecom', url: `${robot.url}/ok?key=WECOM-KEY` });
    const dingtalk = await registered({ name: '钉钉群', service: 'dingtalk', url: `${robot.url}/ok?access_token=DING`, secret: 'SECding' });
    const feishu = await registered({ name: '飞书群', service: 'feishu', url: `${robot.url}/feishu-ok`, secret: 'SECfeishu' });
    // Write-only: the answer names the host and whether a secret is set, never the URL's key or the secret.
    expect(dingtalk).toMatchObject({ host: new URL(robot.url).host, hasSecret: true, serviceLabel: '钉钉', lastDelivery: null });
    expect(JSON.stringify(await api.list())).not.toMatch(/WECOM-KEY|DING|SECding|SECfeishu/);

    const before = robot.received.length;
    const message = { title: '10月零售 [一汽-大众](http://evil)', lines: ['当月销量 160,337 辆', '同比 +5.2%'], link: '/salevolume/wholemarket?month=2026-10' };
    const robots = app.get(RobotsService);
    for (const { id } of [wecom, dingtalk, feishu]) await robots.deliver(id, message);
    await queue.drain();
    const got = robot.received.slice(before);
    expect(got).toHaveLength(3);

    const [toWecom] = got.filter((r) => r.query.get('key') === 'WECOM-KEY');
    expect(toWecom.body).toEqual({
      msgtype: 'markdown',
      markdown: {
        content:
          '### 10月零售 ［一汽-大众］（http：//evil）\n> 当月销量 160,337 辆\n> 同比 +5.2%\n\n[查看详情](https://car.example.com/salevolume/wholemarket?month=2026-10)',
      },
    });

    const [toDingtalk] = got.filter((r) => r.query.get('access_token') === 'DING');
    const timestamp = toDingtalk.query.get('timestamp') ?? '';
    expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(60_000);
    expect(toDingtalk.query.get('sign')).toBe(createHmac('sha256', 'SECding').update(`${timestamp}\nSECding`).digest('base64'));
    expect(toDingtalk.body).toMatchObject({ msgtype: 'markdown', markdown: { title: '10月零售 ［一汽-大众］（http：//evil）' } });
    expect((toDingtalk.body.markdown as { text: string }).text).toContain('> 当月销量 160,337 辆\n> 同比 +5.2%');

    const [toFeishu] = got.filter((r) => r.path === '/feishu-ok');
    const seconds = String(toFeishu.body.timestamp);
    expect(toFeishu.body.sign).toBe(createHmac('sha256', `${seconds}\nSECfeishu`).update('').digest('base64'));
    expect(toFeishu.body).toMatchObject({
      msg_type: 'interactive',
      card: { elements: [{ tag: 'div', text: { tag: 'lark_md', content: '当月销量 160,337 辆\n同比 +5.2%' } }, {}] },
    });

    const list = await api.list();
    for (const { id } of [wecom, dingtalk, feishu]) {
      expect(list.find((r) => r.id === id)?.lastDelivery).toMatchObject({ state: 'sent', stateLabel: '已发送', attempts: 1, lastError: null });
    }
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM security_event WHERE event = 'robot.sent' AND (detail->>'robotId')::int = ANY($1)`, [
      [wecom.id, dingtalk.id, feishu.id],
    ]);
    expect(rows[0].n).toBe(3);
  });

  it('retries a receiver answering 500, an errcode or a redirect with backoff, then fails the delivery with the reason', async () => {
    const down = await registered({ name: '宕机的群', service: 'wecom', url: `${robot.url}/down?key=A` });
    const refusing = await registered({ name: '关键词不符的群', service: 'dingtalk', url: `${robot.url}/errcode?access_token=B` });
    const moving = await registered({ name: '跳转的群', service: 'wecom', url: `${robot.url}/redirect?key=C` });
    const before = robot.received.length;
    const tests = await Promise.all([down, refusing, moving].map(async ({ id }) => (await api.test(id).expect(200)).body.result as RobotDelivery));
    expect(tests.map((t) => t.state)).toEqual(['queued', 'queued', 'queued']);
    await queue.drain();

    const got = robot.received.slice(before);
    const downs = got.filter((r) => r.path === '/down');
    expect(downs).toHaveLength(3);
    expect(got.filter((r) => r.path === '/errcode')).toHaveLength(3);
    expect(got.filter((r) => r.path === '/redirect')).toHaveLength(3);
    // No redirect was followed.
    expect(got.filter((r) => r.path === '/ok')).toHaveLength(0);
    // Backoff: 2 s, then 4 s.
    expect(downs[1].at - downs[0].at).toBeGreaterThanOrEqual(1900);
    expect(downs[2].at - downs[1].at).toBeGreaterThanOrEqual(3900);

    const [downDelivery] = await api.deliveries(down.id);
    expect(downDelivery).toMatchObject({
      id: tests[0].id,
      state: 'failed',
      stateLabel: '发送失败',
      attempts: 3,
      lastError: 'HTTP 500',
      title: ROBOT_MESSAGES.testTitle,
    });
    expect((await api.deliveries(refusing.id))[0]).toMatchObject({ state: 'failed', attempts: 3, lastError: 'errcode 310000：keywords not in content' });
    expect((await api.deliveries(moving.id))[0]).toMatchObject({ state: 'failed', attempts: 3, lastError: 'HTTP 302：地址要求跳转，未跟随' });
    expect((await api.list()).find((r) => r.id === down.id)?.lastDelivery).toMatchObject({ state: 'failed', lastError: 'HTTP 500' });

    const job = (await api.jobs()).items.find((j) => j.id === `robot-delivery-${tests[0].id}`);
    expect(job).toMatchObject({ kindLabel: '机器人消息发送', state: 'failed', attempts: 3, error: 'HTTP 500' });
    const { rows } = await db.query(`SELECT reason FROM security_event WHERE event = 'robot.send_failed' AND (detail->>'deliveryId')::int = $1`, [tests[0].id]);
    expect(rows.map((r: { reason: string }) => r.reason)).toEqual(['HTTP 500', 'HTTP 500', 'HTTP 500']);
  });

  it('keeps the URL and secret when an edit leaves them empty, refuses bad input in Chinese and deletes', async () => {
    const dingtalk = await registered({ name: '待改的群', service: 'dingtalk', url: `${robot.url}/ok?access_token=KEEP`, secret: 'SECkeep' });
    const edited = await api.update({ id: dingtalk.id, name: '改名的群', service: 'dingtalk', url: '', enabled: true }).expect(200);
    expect(edited.body.result).toMatchObject({ name: '改名的群', hasSecret: true });
    const before = robot.received.length;
    await api.test(dingtalk.id).expect(200);
    await queue.drain();
    const [sent] = robot.received.slice(before);
    expect(sent.query.get('access_token')).toBe('KEEP');
    expect(sent.query.get('sign')).toBe(
      createHmac('sha256', 'SECkeep')
        .update(`${sent.query.get('timestamp')}\nSECkeep`)
        .digest('base64'),
    );

    expect((await api.create({ name: 'x', service: 'slack', url: `${robot.url}/ok` }).expect(400)).body.msg).toBe(
      '机器人类型应为 wecom（企业微信）、dingtalk（钉钉）或 feishu（飞书）',
    );
    expect((await api.create({ name: 'x', service: 'wecom', url: `${robot.url}/ok`, secret: 's' }).expect(400)).body.msg).toBe(ROBOT_MESSAGES.wecomHasNoSecret);
    expect((await api.create({ name: 'x', service: 'wecom', url: `${robot.url}/ok`, producerId: 999999 }).expect(400)).body.msg).toBe(
      ADMIN_MESSAGES.unknownProducer,
    );
    expect((await api.update({ id: 999999, name: 'x', service: 'wecom', enabled: true }).expect(404)).body.msg).toBe(ROBOT_MESSAGES.notFound);

    await api.remove(dingtalk.id).expect(200);
    expect((await api.list()).some((r) => r.id === dingtalk.id)).toBe(false);
    expect((await api.test(dingtalk.id).expect(404)).body.msg).toBe(ROBOT_MESSAGES.notFound);
  });

  it('changes a signed 钉钉 or 飞书 robot to 企业微信 only when the request confirms that its secret goes (issue 44 section 5)', async () => {
    for (const service of ['dingtalk', 'feishu'] as const) {
      const signed = await registered({ name: `加签的群 ${service}`, service, url: `${robot.url}/ok?access_token=S`, secret: 'SECdrop' });
      const refused = await api.update({ id: signed.id, name: '改为企业微信', service: 'wecom', enabled: true }).expect(400);
      expect(refused.body.msg).toBe(ROBOT_MESSAGES.secretWouldBeDropped);
      expect((await api.list()).find((r) => r.id === signed.id)).toMatchObject({ name: `加签的群 ${service}`, service, hasSecret: true });

      const changed = await api.update({ id: signed.id, name: '改为企业微信', service: 'wecom', clearSecret: true, enabled: true }).expect(200);
      expect(changed.body.result).toMatchObject({ name: '改为企业微信', service: 'wecom', hasSecret: false });
    }
    // A robot without a secret changes freely; a secret sent with 企业微信 is refused as before.
    const unsigned = await registered({ name: '未加签的群', service: 'dingtalk', url: `${robot.url}/ok?access_token=U` });
    await api.update({ id: unsigned.id, name: '未加签的群', service: 'wecom', enabled: true }).expect(200);
    const withSecret = await api.update({ id: unsigned.id, name: '未加签的群', service: 'wecom', secret: 's', clearSecret: true, enabled: true }).expect(400);
    expect(withSecret.body.msg).toBe(ROBOT_MESSAGES.wecomHasNoSecret);
  });

  it('fails a delivery to a disabled robot at once, without a send', async () => {
    const off = await registered({ name: '停用的群', service: 'wecom', url: `${robot.url}/ok?key=OFF`, enabled: false });
    const before = robot.received.length;
    const delivery = (await api.test(off.id).expect(200)).body.result as RobotDelivery;
    await queue.drain();
    expect(delivery).toMatchObject({ state: 'failed', lastError: ROBOT_MESSAGES.disabled, attempts: 0 });
    expect(robot.received.length).toBe(before);
  });

  it("shows an analyst their team's robots by name only, and refuses the administration", async () => {
    const { rows } = await db.query(`SELECT producer_id AS id FROM app_user WHERE account = 'demo'`);
    const own = await registered({ name: '本团队的群', service: 'wecom', url: `${robot.url}/ok?key=OWN`, producerId: rows[0].id });
    const other = await registered({ name: '别的团队的群', service: 'wecom', url: `${robot.url}/ok?key=OTHER`, producerId: rows[0].id === 1 ? 2 : 1 });
    const team = (await request(app.getHttpServer()).get(`${API_PREFIX}/robots/team`).set('token', analyst).expect(200)).body.result as TeamRobot[];
    expect(team.find((r) => r.id === own.id)).toEqual({ id: own.id, name: '本团队的群', service: 'wecom', serviceLabel: '企业微信' });
    expect(team.some((r) => r.id === other.id)).toBe(false);
    expect(JSON.stringify(team)).not.toMatch(/key=|127\.0\.0\.1/);

    for (const call of [
      request(app.getHttpServer()).get(`${ROBOTS}/list`).set('token', analyst),
      request(app.getHttpServer())
        .get(`${ROBOTS}/deliveries`)
        .query({ id: String(own.id) })
        .set('token', analyst),
      request(app.getHttpServer())
        .post(`${ROBOTS}/create`)
        .set('token', analyst)
        .send({ name: 'x', service: 'wecom', url: `${robot.url}/ok` }),
      request(app.getHttpServer()).post(`${ROBOTS}/test`).set('token', analyst).send({ id: own.id }),
      request(app.getHttpServer()).post(`${ROBOTS}/delete`).set('token', analyst).send({ id: own.id }),
    ]) {
      const answer = await call.expect(403);
      expect(answer.body.msg).toBe('仅管理员可执行此操作');
    }
    const anonymous = await request(app.getHttpServer()).get(`${ROBOTS}/list`).expect(401);
    expect(anonymous.body.code).toBe(-1009);
    expect((await api.list()).some((r) => r.id === own.id)).toBe(true);
  });
});

describe('team robots without ROBOT_ALLOW_INSECURE', () => {
  let app: NestExpressApplication;
  let token: string;
  let queue: InProcessJobQueue;
  let robot: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    robot = await receiver();
    const account = await createAdmin('robots_safe', PASSWORD, '机器人管理员');
    ({ app, token } = await signedInApp({ address: address(3), account, password: PASSWORD }));
    queue = app.get<JobQueue, InProcessJobQueue>(JobQueue);
  });

  afterAll(async () => {
    await app?.close();
    await robot?.close();
  });

  it.each([
    ['http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', ROBOT_MESSAGES.httpsOnly],
    ['https://127.0.0.1/hook', ROBOT_MESSAGES.privateTarget],
    ['https://localhost/hook', ROBOT_MESSAGES.privateTarget],
    ['https://169.254.169.254/latest/meta-data', ROBOT_MESSAGES.privateTarget],
    ['https://10.0.0.8/hook', ROBOT_MESSAGES.privateTarget],
    ['https://[::ffff:192.168.1.1]/hook', ROBOT_MESSAGES.privateTarget],
    ['https://[fd00::1]/hook', ROBOT_MESSAGES.privateTarget],
    ['https://admin:pw@example.com/hook', ROBOT_MESSAGES.credentialsInUrl],
  ])('refuses %s', async (url, message) => {
    const answer = await request(app.getHttpServer()).post(`${ROBOTS}/create`).set('token', token).send({ name: '内网', service: 'wecom', url }).expect(400);
    expect(answer.body.msg).toBe(message);
  });

  const refused = ROBOT_ADDRESS_CASES.filter((c) => c.group !== 'public');

  it('refuses every refused spelling of the address table at registration (issue 44 section 1)', async () => {
    expect(refused.length).toBeGreaterThanOrEqual(80);
    const letThrough: string[] = [];
    for (const { host, note } of refused) {
      const answer = await request(app.getHttpServer())
        .post(`${ROBOTS}/create`)
        .set('token', token)
        .send({ name: '内网', service: 'wecom', url: `https://${host}/hook` });
      if (answer.status !== 400 || answer.body.msg !== ROBOT_MESSAGES.privateTarget) letThrough.push(`${host} (${note}): ${answer.status} ${answer.body.msg}`);
    }
    expect(letThrough).toEqual([]);
  });

  it('registers the public addresses of the table', async () => {
    for (const { host } of ROBOT_ADDRESS_CASES.filter((c) => c.group === 'public')) {
      const answer = await request(app.getHttpServer())
        .post(`${ROBOTS}/create`)
        .set('token', token)
        .send({ name: '公网', service: 'wecom', url: `https://${host}/hook` });
      expect({ host, code: answer.body.code, robotHost: answer.body.result?.host }).toEqual({ host, code: 1, robotHost: new URL(`https://${host}/`).host });
      await request(app.getHttpServer()).post(`${ROBOTS}/delete`).set('token', token).send({ id: answer.body.result.id }).expect(200);
    }
  });

  it('refuses at send time every spelling a name answers then, after a public address at registration: the send resolves again', async () => {
    const dns = hostileDns(app);
    try {
      const robots: Array<{ id: number; hostname: string; host: string }> = [];
      for (const [i, { host }] of refused.entries()) {
        const hostname = `hook-${i}.robots.example`;
        dns.answers.set(hostname, '106.11.23.1');
        const answer = await request(app.getHttpServer())
          .post(`${ROBOTS}/create`)
          .set('token', token)
          .send({ name: `换址的群 ${i}`, service: 'wecom', url: `https://${hostname}/send?key=K${i}` })
          .expect(200);
        robots.push({ id: answer.body.result.id, hostname, host });
      }
      for (const { hostname, host } of robots) dns.answers.set(hostname, answerOf(host));
      for (const { id } of robots) await request(app.getHttpServer()).post(`${ROBOTS}/test`).set('token', token).send({ id }).expect(200);
      // Refused sends end within the backoff (2 s + 4 s); a send that connects instead waits up to 5 s an attempt.
      await Promise.race([queue.drain(), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);

      const reached: string[] = [];
      for (const { id, hostname, host } of robots) {
        const [latest] = (
          await request(app.getHttpServer())
            .get(`${ROBOTS}/deliveries`)
            .query({ id: String(id) })
            .set('token', token)
            .expect(200)
        ).body.result as RobotDelivery[];
        // Asked at registration and before each of the three sends.
        const asked = dns.asked.filter((name) => name === hostname).length;
        if (latest?.state !== 'failed' || latest.lastError !== ROBOT_MESSAGES.privateTarget || asked !== 4) {
          reached.push(`${host}: ${latest?.state} ${latest?.lastError}, resolved ${asked} times`);
        }
      }
      expect(reached).toEqual([]);
    } finally {
      dns.restore();
    }
  });

  it('checks again at send time: a loopback robot stored earlier is never reached', async () => {
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const { rows } = await db.query(`INSERT INTO robot (name, service, url) VALUES ('旧的内网群', 'wecom', $1) RETURNING id`, [`${robot.url}/ok?key=OLD`]);
    await db.end();
    const delivery = (await request(app.getHttpServer()).post(`${ROBOTS}/test`).set('token', token).send({ id: rows[0].id }).expect(200)).body
      .result as RobotDelivery;
    await queue.drain();
    expect(robot.received).toHaveLength(0);
    const [latest] = (
      await request(app.getHttpServer())
        .get(`${ROBOTS}/deliveries`)
        .query({ id: String(rows[0].id) })
        .set('token', token)
        .expect(200)
    ).body.result as RobotDelivery[];
    expect(latest).toMatchObject({ id: delivery.id, state: 'failed', attempts: 3, lastError: ROBOT_MESSAGES.httpsOnly });
  });
});
