/**
 * Short messages at the top of the page (70 px down, like the old client): errors from the API, the
 * password-changed notice. `useToast().show(...)` from anywhere under <ToastProvider>; outside it, a no-op.
 * A message may carry a link to where its subject is (a set saved from another page: 在竞品监控中打开).
 */
import { Link } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

import { isApiFailure, toastDurationOf, type ApiFailure } from '~/utils/api-failure';
import { download, guardedLinkOf } from '~/utils/download';
import { onNetworkFailure } from '~/utils/network-failure';

export type ToastKind = 'error' | 'success' | 'warning' | 'info';

interface ToastEntry {
  id: number;
  kind: ToastKind;
  text: string;
  link?: ToastLink;
}

/** A page the message's subject is on: the toast shows it as a link after its text. */
export interface ToastLink {
  to: string;
  text: string;
}

interface ToastApi {
  show: (kind: ToastKind, text: string, durationMs?: number, link?: ToastLink) => void;
  /** Downloads a file of this site's as its links do: saved, or the failure shown as a toast. */
  download: (href: string, fileName?: string) => Promise<void>;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined, download: () => Promise.resolve() });

const ICON_OF: Record<ToastKind, SemanticICONS> = {
  error: 'times circle',
  success: 'check circle',
  warning: 'exclamation triangle',
  info: 'info circle',
};

const DEFAULT_DURATION_MS = 3000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const show = useCallback(
    (kind: ToastKind, text: string, durationMs = DEFAULT_DURATION_MS, link?: ToastLink) => {
      const id = nextId.current++;
      // The same message twice in a row (a retried call) is shown once.
      setToasts((list) => [...list.filter((t) => t.text !== text), { id, kind, text, link }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, durationMs);
      timers.current.add(timer);
    },
    [dismiss],
  );

  // A call that could not reach the server (a client-side navigation, a dialog's list): 5 s, as the spec says.
  useEffect(() => onNetworkFailure((failure) => show('error', failure.msg, toastDurationOf(failure))), [show]);

  // Every download link of every page: fetched, then saved or its failure shown here (utils/download.ts).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = guardedLinkOf(event);
      if (!link) return;
      event.preventDefault();
      if (link.getAttribute('aria-busy') === 'true') return;
      link.setAttribute('aria-busy', 'true');
      void saveOrSay(link.href, link.getAttribute('download') || undefined, show).finally(() => link.removeAttribute('aria-busy'));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [show]);

  const api = useMemo(() => ({ show, download: (href: string, fileName?: string) => saveOrSay(href, fileName, show) }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-stack" aria-live="assertive">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <Icon name={ICON_OF[toast.kind]} />
            <span className="toast__text">{toast.text}</span>
            {toast.link ? (
              <Link to={toast.link.to} className="toast__link" onClick={() => dismiss(toast.id)}>
                {toast.link.text}
              </Link>
            ) : null}
            <button type="button" className="toast__close" aria-label="关闭" onClick={() => dismiss(toast.id)}>
              <Icon name="close" fitted />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

async function saveOrSay(href: string, fileName: string | undefined, show: ToastApi['show']): Promise<void> {
  const outcome = await download(href, fileName);
  if (outcome.kind === 'failed') show('error', outcome.failure.msg, toastDurationOf(outcome.failure));
  else if (outcome.kind === 'signIn') window.location.assign(outcome.href);
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/** Shows a failed call's message once each time a new failure arrives (5 s for a network failure). */
export function useFailureToast(failure: ApiFailure | null | undefined): void {
  const { show } = useToast();
  useEffect(() => {
    if (failure) show('error', failure.msg, toastDurationOf(failure));
  }, [failure, show]);
}

/** A page action's answer as toasts: its failure's message, or its `done` text as a success, once for each new answer. */
export function useAnswerToasts(answer: object | undefined): void {
  const { show } = useToast();
  useFailureToast(answer && 'failure' in answer && isApiFailure(answer.failure) ? answer.failure : null);
  useEffect(() => {
    if (answer && 'done' in answer && typeof answer.done === 'string') show('success', answer.done, 3000);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast for each new answer only
  }, [answer]);
}
