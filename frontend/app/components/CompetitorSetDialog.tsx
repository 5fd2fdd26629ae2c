/**
 * A competitor set's form (issue 49 §1): its name, 本品 (one or more sub-series) and rivals (up to fifteen), picked
 * with the sub-series pick list; or, to save a copy, the name alone. Posts to 竞品监控's action through a fetcher; the
 * API's refusal (no 本品, a rival that is also 本品, a name taken, too many sets) keeps the dialog open with its
 * message. Once saved, the page shows the set.
 */
import { useFetcher, useNavigate } from '@remix-run/react';
import { useId, useState } from 'react';
import { Form, Modal } from 'semantic-ui-react';

import { COMPETITOR_MONITOR_PAGE, COMPETITOR_SET_NAME_MAX, MAX_RIVALS } from '@car/contracts';
import { isApiFailure } from '~/utils/api-failure';
import { modalDialogProps } from '~/utils/dialog';
import type { PickItem } from '~/utils/pick-list';
import { useFetcherDone } from '~/utils/use-fetcher-done';
import { DialogActions, DialogFailure } from './DialogActions';
import { PickerInput } from './PickerInput';
import { useFailureToast, useToast } from './Toast';

export interface CompetitorSetDraft {
  /** The set edited or copied; none for a new one. */
  id?: number;
  name: string;
  own: readonly PickItem[];
  rivals: readonly PickItem[];
}

export type CompetitorSetDialogMode = 'save' | 'update' | 'copy';

const TITLES: Record<CompetitorSetDialogMode, string> = { save: '新建竞品组', update: '编辑竞品组', copy: '另存为我的竞品组' };

/**
 * A write of a set through 竞品监控's action: once done, its toast and the page of the set written (the page without a
 * set after a delete); `onDone` first (a dialog closes). `submit` posts fields; a dialog posts its own form through
 * `fetcher.Form`. The refusal is the caller's to show (a dialog keeps it open; `toastFailure` shows it as a toast).
 */
export function useCompetitorSetWrite(options: { onDone?: () => void; toastFailure?: boolean } = {}) {
  const fetcher = useFetcher<{ done?: string; setId?: number | null; failure?: unknown }>();
  const navigate = useNavigate();
  const { show } = useToast();
  const failure = isApiFailure(fetcher.data?.failure) ? fetcher.data.failure : null;
  useFailureToast(options.toastFailure ? failure : null);
  useFetcherDone(fetcher, (done) => {
    show('success', done);
    options.onDone?.();
    const setId = fetcher.data?.setId;
    navigate(setId ? `${COMPETITOR_MONITOR_PAGE.path}?set=${setId}` : COMPETITOR_MONITOR_PAGE.path, { preventScrollReset: true });
  });
  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: 'post', action: COMPETITOR_MONITOR_PAGE.path });
  return { fetcher, submit, failure, busy: fetcher.state !== 'idle' };
}

export function CompetitorSetDialog({ mode, draft, onClose }: { mode: CompetitorSetDialogMode; draft: CompetitorSetDraft; onClose: () => void }) {
  const titleId = useId();
  const nameId = useId();
  const { fetcher, failure, busy } = useCompetitorSetWrite({ onDone: onClose });
  const [name, setName] = useState(draft.name);

  return (
    <Modal open onClose={onClose} size="small" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>{TITLES[mode]}</Modal.Header>
      <Modal.Content>
        <fetcher.Form method="post" action={COMPETITOR_MONITOR_PAGE.path} id={`${titleId}-form`} className="ui form competitor-set-form">
          <input type="hidden" name="intent" value={mode} />
          {draft.id === undefined ? null : <input type="hidden" name="id" value={draft.id} />}
          <Form.Field>
            <label htmlFor={nameId}>竞品组名称</label>
            <input id={nameId} name="name" value={name} maxLength={COMPETITOR_SET_NAME_MAX} autoFocus onChange={(event) => setName(event.target.value)} />
          </Form.Field>
          {mode === 'copy' ? null : (
            <>
              <PickerInput name="own" kind="series" label="本品子车系" value={draft.own} title="选择本品子车系" />
              <PickerInput name="rivals" kind="series" label={`竞品子车系（最多 ${MAX_RIVALS} 个）`} value={draft.rivals} title="选择竞品子车系" />
            </>
          )}
        </fetcher.Form>
        <DialogFailure failure={failure} />
      </Modal.Content>
      <DialogActions busy={busy} onCancel={onClose} form={`${titleId}-form`} />
    </Modal>
  );
}
