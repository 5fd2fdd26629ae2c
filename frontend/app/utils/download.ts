/**
 * Every file the product serves (a table's 下载, an export, a report, a bundle, the configuration sheet, the
 * audit workbook, the import templates) is fetched before it is saved, so a failed download never leaves
 * the app: a plain link would send the browser to the JSON error or its own error page. The answer is
 * saved under the server's file name when it is a file, its message is shown as a toast when it is an
 * envelope, and a session that ended sends the user to sign in, as a page would (decision 134).
 */
import { API_PREFIX, type Endpoint, isEnvelope, SESSION_ENDED_CODES } from '@car/contracts';

import type { ApiFailure } from './api-failure';
import { loginHref } from './navigation';
import { isNetworkFailure, NETWORK_FAILURE_MESSAGE } from './network-failure';

/** A link the browser follows to an API download (its session cookie signs the call in): `/car/api` + the endpoint's path + params. */
export function apiDownloadHref(endpoint: Endpoint, params: Record<string, string | number> | URLSearchParams): string {
  const query = params instanceof URLSearchParams ? params : new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `${API_PREFIX}/${endpoint.path}?${query}`;
}

export type DownloadOutcome = { kind: 'saved'; fileName: string } | { kind: 'failed'; failure: ApiFailure } | { kind: 'signIn'; href: string };

/** The file name of a `Content-Disposition` header: its RFC 5987 `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** What a download's failed answer says: the envelope's message, else the HTTP status. */
export async function failureOfAnswer(response: Response): Promise<ApiFailure> {
  const fallback: ApiFailure = { msg: `下载失败（HTTP ${response.status}），请稍后重试`, code: -1500, network: false };
  try {
    const body: unknown = await response.json();
    return isEnvelope(body) && body.msg ? { msg: body.msg, code: body.code, network: false } : fallback;
  } catch {
    return fallback;
  }
}

/** A file answer is a 2xx that is not the API's JSON envelope. */
function isFile(response: Response): boolean {
  return response.ok && !(response.headers.get('Content-Type') ?? '').includes('application/json');
}

/** Fetches `href` and saves it, or says why not. Never throws. */
export async function download(href: string, suggestedName?: string): Promise<DownloadOutcome> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: 'same-origin', headers: { Accept: '*/*' } });
  } catch (error) {
    const msg = isNetworkFailure(error) ? NETWORK_FAILURE_MESSAGE : '下载失败，请稍后重试';
    return { kind: 'failed', failure: { msg, code: -1, network: true } };
  }
  if (!isFile(response)) {
    const failure = await failureOfAnswer(response);
    if (SESSION_ENDED_CODES.has(failure.code)) return { kind: 'signIn', href: loginHref(new URL(window.location.href)) };
    return { kind: 'failed', failure };
  }
  const fileName =
    fileNameOf(response.headers.get('Content-Disposition')) ?? suggestedName ?? (new URL(href, window.location.href).pathname.split('/').pop() || 'download');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    return { kind: 'failed', failure: { msg: '下载中断，请重试', code: -1, network: true } };
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  link.dataset.downloadGuard = 'off';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click's task is over; keep it a while for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { kind: 'saved', fileName };
}

/**
 * A link the download guard takes over, clicked plainly (no new tab or window): `<a download>` to this site,
 * and any link to the API, which answers files and envelopes, never pages (so a link that forgot its
 * `download` attribute still cannot leave the app).
 */
export function guardedLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target.closest(`a[download], a[href^="${API_PREFIX}/"]`) : null;
  if (!(target instanceof HTMLAnchorElement) || target.dataset.downloadGuard === 'off') return null;
  // A link we made ourselves (a blob) or to another site is the browser's to follow.
  if (!target.href) return null;
  const url = new URL(target.href);
  if (url.protocol === 'blob:' || url.protocol === 'data:' || url.origin !== window.location.origin) return null;
  return target;
}
