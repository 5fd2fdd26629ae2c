import { createHmac } from 'node:crypto';
import type { RobotMessage, RobotService } from '@car/contracts';

/**
 * A RobotMessage in each service's own format, and its signature (decision 195):
 * - 企业微信 group robot: `{"msgtype":"markdown","markdown":{"content":…}}`, no signing (the key is in the URL);
 * - 钉钉 custom robot: `{"msgtype":"markdown","markdown":{"title":…,"text":…}}`; with a secret (加签) the URL gains
 *   `&timestamp=<ms>&sign=<urlencode(base64(HmacSHA256(key=secret, timestamp + "\n" + secret)))>`;
 * - 飞书 custom bot: an interactive card (a plain-text header, the lines as lark_md, a 查看详情 button); with a
 *   secret the body gains `timestamp` (seconds) and `sign` = base64(HmacSHA256(key=timestamp + "\n" + secret, "")).
 * Every text from the message is escaped: markdown's link, emphasis, heading and HTML characters become their
 * full-width forms and line breaks spaces, so a producer's or a model's name cannot add a link or markup.
 */

export interface RobotRequest {
  /** The webhook URL to post to (钉钉's with its signature appended). */
  url: URL;
  body: Record<string, unknown>;
}

const FULL_WIDTH: Record<string, string> = {
  '[': '［',
  ']': '］',
  '(': '（',
  ')': '）',
  '<': '＜',
  '>': '＞',
  '*': '＊',
  _: '＿',
  '`': '｀',
  '#': '＃',
  '~': '～',
  '|': '｜',
  '!': '！',
  '\\': '＼',
};

/** Text that reads the same and is no markup: no link, image, emphasis, heading, quote, HTML or bare URL. */
export function escapeRobotText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- line breaks and control characters would start a new block
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/[[\]()<>*_`#~|!\\]/g, (c) => FULL_WIDTH[c])
      // A bare address is linked by some clients; '：//' is not.
      .replace(/:\/\//g, '：//')
  );
}

/** The message's link made absolute on the app's public address (PUBLIC_URL, which may carry a path prefix). */
export function absoluteLink(link: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}${link}`;
}

/** A link target that cannot end the markdown link early: brackets, spaces and angle brackets percent-encoded. */
function linkTarget(link: string): string {
  return link.replace(/[()[\]<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The markdown 企业微信 and 钉钉 show: a heading, one quoted line per figure, the link. */
function markdownText(message: RobotMessage, link: string): string {
  const lines = message.lines.map((line) => `> ${escapeRobotText(line)}`);
  return [`### ${escapeRobotText(message.title)}`, ...lines, '', `[查看详情](${linkTarget(link)})`].join('\n');
}

/** 钉钉's 加签: base64 of HmacSHA256 keyed by the secret over `timestamp\nsecret` (the caller URL-encodes it). */
export function dingtalkSign(timestampMs: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');
}

/** 飞书's signature: base64 of HmacSHA256 keyed by `timestamp\nsecret` over an empty message. */
export function feishuSign(timestampSeconds: number, secret: string): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('', 'utf8').digest('base64');
}

/** The request one send makes: where to post and what. `now` in milliseconds (the signature's time). */
export function robotRequest(
  service: RobotService,
  webhook: URL,
  secret: string | null,
  message: RobotMessage,
  publicUrl: string,
  now: number = Date.now(),
): RobotRequest {
  const link = absoluteLink(message.link, publicUrl);
  const url = new URL(webhook.href);
  switch (service) {
    case 'wecom':
      return { url, body: { msgtype: 'markdown', markdown: { content: markdownText(message, link) } } };
    case 'dingtalk':
      if (secret) {
        url.searchParams.set('timestamp', String(now));
        url.searchParams.set('sign', dingtalkSign(now, secret));
      }
      return { url, body: { msgtype: 'markdown', markdown: { title: escapeRobotText(message.title), text: markdownText(message, link) } } };
    case 'feishu': {
      const seconds = Math.floor(now / 1000);
      const card = {
        header: { title: { tag: 'plain_text', content: message.title.replace(/\s+/g, ' ') } },
        elements: [
          { tag: 'div', text: { tag: 'lark_md', content: message.lines.map(escapeRobotText).join('\n') } },
          { tag: 'action', actions: [{ tag: 'button', text: { tag: 'plain_text', content: '查看详情' }, type: 'primary', url: link }] },
        ],
      };
      return { url, body: { ...(secret ? { timestamp: String(seconds), sign: feishuSign(seconds, secret) } : {}), msg_type: 'interactive', card } };
    }
  }
}

/**
 * Whether the service accepted the message, from its answer's body: 企业微信 and 钉钉 answer `errcode` 0, 飞书
 * `code` 0 (older bots `StatusCode` 0). Anything else names the service's code and message.
 */
export function robotReplyError(service: RobotService, body: string): string | null {
  let reply: Record<string, unknown>;
  try {
    reply = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return `应答不是 JSON：${body.slice(0, 100)}`;
  }
  if (typeof reply !== 'object' || reply === null) return `应答不是 JSON 对象：${body.slice(0, 100)}`;
  if (service === 'feishu') {
    const code = reply.code ?? reply.StatusCode;
    if (code === 0) return null;
    return `code ${String(code)}：${text(reply.msg ?? reply.StatusMessage)}`.slice(0, 300);
  }
  if (reply.errcode === 0) return null;
  return `errcode ${String(reply.errcode)}：${text(reply.errmsg)}`.slice(0, 300);
}

/** A reply field as text: a string or number as it is, anything else as JSON. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
