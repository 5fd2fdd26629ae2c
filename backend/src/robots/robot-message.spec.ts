import { dingtalkSign, escapeRobotText, feishuSign, robotReplyError, robotRequest } from './robot-message';

const MESSAGE = { title: '10月零售 一汽-大众', lines: ['当月销量 160,337 辆', '同比 +5.2%'], link: '/salevolume/wholemarket?month=2026-10' };
const PUBLIC_URL = 'https://car.example.com';
/** 2023-11-14 22:13:20 UTC. */
const NOW = 1_700_000_000_000;

describe('robot messages in each service format', () => {
  it('signs 钉钉 as openssl does: HmacSHA256(secret, "ts\\nsecret"), base64', () => {
    // printf '1700000000000\nSECtest' | openssl dgst -sha256 -hmac SECtest -binary | base64
    expect(dingtalkSign(NOW, 'SECtest')).toBe('aZLLrriXgn05YbwaGR7knYsLeJADjr9NwLaNNKpxh4g=');
  });

  it('signs 飞书 as openssl does: HmacSHA256 keyed by "ts\\nsecret" over nothing, base64', () => {
    // printf '' | openssl dgst -sha256 -hmac "$(printf '1700000000\nSECtest')" -binary | base64
    expect(feishuSign(1_700_000_000, 'SECtest')).toBe('G7XpBpG8NgG02fJOAhX6FRAObIljmFoxVReo8I62pEk=');
  });

  it('writes 企业微信 markdown with the title, the lines and the absolute link', () => {
    const request = robotRequest('wecom', new URL('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=K'), null, MESSAGE, PUBLIC_URL, NOW);
    expect(request.url.href).toBe('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=K');
    expect(request.body).toEqual({
      msgtype: 'markdown',
      markdown: {
        content: '### 10月零售 一汽-大众\n> 当月销量 160,337 辆\n> 同比 +5.2%\n\n[查看详情](https://car.example.com/salevolume/wholemarket?month=2026-10)',
      },
    });
  });

  it('writes 钉钉 markdown and puts timestamp and the URL-encoded sign in the query', () => {
    const request = robotRequest('dingtalk', new URL('https://oapi.dingtalk.com/robot/send?access_token=T'), 'SECtest', MESSAGE, PUBLIC_URL, NOW);
    expect(request.url.href).toBe(
      `https://oapi.dingtalk.com/robot/send?access_token=T&timestamp=1700000000000&sign=${encodeURIComponent('aZLLrriXgn05YbwaGR7knYsLeJADjr9NwLaNNKpxh4g=')}`,
    );
    expect(request.body).toMatchObject({ msgtype: 'markdown', markdown: { title: '10月零售 一汽-大众' } });
    expect((request.body.markdown as { text: string }).text).toContain('[查看详情](https://car.example.com/salevolume/wholemarket?month=2026-10)');
    expect(robotRequest('dingtalk', new URL('https://oapi.dingtalk.com/robot/send?access_token=T'), null, MESSAGE, PUBLIC_URL, NOW).url.search).toBe(
      '?access_token=T',
    );
  });

  it('writes a 飞书 card with timestamp and sign in the body', () => {
    const request = robotRequest('feishu', new URL('https://open.feishu.cn/open-apis/bot/v2/hook/H'), 'SECtest', MESSAGE, PUBLIC_URL, NOW);
    expect(request.body).toEqual({
      timestamp: '1700000000',
      sign: 'G7XpBpG8NgG02fJOAhX6FRAObIljmFoxVReo8I62pEk=',
      msg_type: 'interactive',
      card: {
        header: { title: { tag: 'plain_text', content: '10月零售 一汽-大众' } },
        elements: [
          { tag: 'div', text: { tag: 'lark_md', content: '当月销量 160,337 辆\n同比 +5.2%' } },
          {
            tag: 'action',
            actions: [
              {
                tag: 'button',
                text: { tag: 'plain_text', content: '查看详情' },
                type: 'primary',
                url: 'https://car.example.com/salevolume/wholemarket?month=2026-10',
              },
            ],
          },
        ],
      },
    });
  });

  it('escapes a name so it cannot add a link, markup or a new block', () => {
    expect(escapeRobotText('[点我](https://evil.example)')).toBe('［点我］（https：//evil.example）');
    expect(escapeRobotText('**粗** <font color="red">x</font>\n# 标题')).toBe('＊＊粗＊＊ ＜font color="red"＞x＜/font＞ ＃ 标题');
    const request = robotRequest('wecom', new URL('https://qyapi.weixin.qq.com/x'), null, { ...MESSAGE, lines: ['[钓鱼](http://evil)'] }, PUBLIC_URL, NOW);
    expect((request.body.markdown as { content: string }).content).not.toContain('](http://evil)');
  });

  it('keeps a path prefix of PUBLIC_URL and cannot break out of the link target', () => {
    const request = robotRequest('wecom', new URL('https://qyapi.weixin.qq.com/x'), null, { ...MESSAGE, link: '/a b)(c' }, 'https://example.com/car/', NOW);
    expect((request.body.markdown as { content: string }).content.endsWith('[查看详情](https://example.com/car/a%20b%29%28c)')).toBe(true);
  });

  it('reads the reply codes: errcode for 企业微信 and 钉钉, code for 飞书', () => {
    expect(robotReplyError('wecom', '{"errcode":0,"errmsg":"ok"}')).toBeNull();
    expect(robotReplyError('dingtalk', '{"errcode":310000,"errmsg":"sign not match"}')).toBe('errcode 310000：sign not match');
    expect(robotReplyError('feishu', '{"code":0,"msg":"success"}')).toBeNull();
    expect(robotReplyError('feishu', '{"StatusCode":0,"StatusMessage":"success"}')).toBeNull();
    expect(robotReplyError('feishu', '{"code":19021,"msg":"sign match fail"}')).toBe('code 19021：sign match fail');
    expect(robotReplyError('wecom', 'not json')).toMatch(/^应答不是 JSON/);
  });
});
