import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';

import { NonceContext } from '~/utils/nonce';
import { withoutNulPadding } from '~/utils/without-nul-padding.server';

const ABORT_DELAY = 5_000;

/**
 * Remix's Node entry (its default), with one addition: the Content-Security-Policy nonce the server chose for
 * this request (AppLoadContext.cspNonce, backend/src/common/http-security.ts) goes to React's own streamed
 * scripts, to RemixServer's (the single-fetch data streamed into the page) and, through NonceContext, to <Scripts> and <ScrollRestoration> in root.tsx. Bots get the whole
 * document at once, browsers as soon as the shell is ready. The bytes pass through withoutNulPadding (React 18.3's NUL padding).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  const whole = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = withoutNulPadding();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        onShellReady: whole ? undefined : ready,
        onAllReady: whole ? ready : undefined,
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by Remix; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
