/**
 * The notice of an opened view (decision 188): which saved conditions its page no longer reads, or why it did not
 * open. It rides a one-time cookie from /myviews/open/<id> to the page it redirects to, never the page's address,
 * so a copied link or a view saved again does not carry it. The page's frame reads it once and clears it.
 */
const NOTICE_COOKIE = 'car-view-notice';
const NOTICE_MAX_LENGTH = 500;

function secureOf(request: Request): string {
  return new URL(request.url).protocol === 'https:' ? '; Secure' : '';
}

/** The Set-Cookie header that hands `text` to the next page. */
export function noticeCookie(request: Request, text: string): string {
  return `${NOTICE_COOKIE}=${encodeURIComponent(text.slice(0, NOTICE_MAX_LENGTH))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secureOf(request)}`;
}

/** The notice waiting for this page, if any, and the header that clears it. */
export function takeNotice(request: Request): { notice: string | null; headers: HeadersInit } {
  const raw = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${NOTICE_COOKIE}=`))
    ?.slice(NOTICE_COOKIE.length + 1);
  if (raw === undefined) return { notice: null, headers: {} };
  let notice: string | null;
  try {
    notice = decodeURIComponent(raw).slice(0, NOTICE_MAX_LENGTH);
  } catch {
    notice = null;
  }
  return { notice, headers: { 'Set-Cookie': `${NOTICE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureOf(request)}` } };
}
