/**
 * A competitor set's form (issue 49 §1): its name, 本品 (one or more sub-series) and rivals (up to fifteen), picked
 * with the sub-series pick list; or, to save a copy, the name alone. Posts to 竞品监控's action through a fetcher; the
 * API's refusal (no 本品, a rival that is also 本品, a name taken, too many sets) keeps the dialog open with its
 * message. Once saved, 竞品监控 shows the set; or, opened from another page (存为竞品组, decision 301), the analyst
 * stays where they are, told by a toast with a link to the set on 竞品监控, and the page's 竞品组 menus list it.
 */
import { useFetcher, useNavigate } from '@remix-run/react';
import { useId, useState } from 'react';
import { Form, Modal } from 'semantic-ui-react';

import { COMPETITOR_MONITOR_PAGE, COMPETITOR_SET_NAME_MAX, MAX_RIVALS } from '@car/contracts';
import { isApiFailure } from '~/utils/api-failure';
import { announceCompetitorSetsChanged } from '~/utils/competitor-sets-changed';
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

/** How long the toast of a set saved from another page stays: long enough to follow its link. */
const STAY_TOAST_MS = 8000;

/**
 * A write of a set through 竞品监控's action: once done, its toast and the page of the set written (the page without a
 * set after a delete); `onDone` first (a dialog closes). With `stay` (a set saved from another page), no navigation:
 * the toast links to the set on 竞品监控 instead. Either way the page's 竞品组 menus read their list again. `submit`
 * posts fields; a dialog posts its own form through `fetcher.Form`. The refusal is the caller's to show (a dialog
 * keeps it open; `toastFailure` shows it as a toast).
 */
export function useCompetitorSetWrite(options: { onDone?: () => void; toastFailure?: boolean; stay?: boolean } = {}) {
  const fetcher = useFetcher<{ done?: string; setId?: number | null; failure?: unknown }>();
  const navigate = useNavigate();
  const { show } = useToast();
  const failure = isApiFailure(fetcher.data?.failure) ? fetcher.data.failure : null;
  useFailureToast(options.toastFailure ? failure : null);
  useFetcherDone(fetcher, (done) => {
    const setId = fetcher.data?.setId;
    const setPage = setId ? `${COMPETITOR_MONITOR_PAGE.path}?set=${setId}` : COMPETITOR_MONITOR_PAGE.path;
    if (options.stay) show('success', done, STAY_TOAST_MS, { to: setPage, text: `在${COMPETITOR_MONITOR_PAGE.name}中打开` });
    else show('success', done);
    options.onDone?.();
    announceCompetitorSetsChanged();
    if (!options.stay) navigate(setPage, { preventScrollReset: true });
  });
  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: 'post', action: COMPETITOR_MONITOR_PAGE.path });
  return { fetcher, submit, failure, busy: fetcher.state !== 'idle' };
}

interface CompetitorSetDialogProps {
  mode: CompetitorSetDialogMode;
  draft: CompetitorSetDraft;
  onClose: () => void;
  /** What the form was filled from, said above it (存为竞品组: which pick became 本品, rivals left out). */
  notes?: readonly string[];
  /** Saved from another page: the analyst stays on it (`useCompetitorSetWrite`'s `stay`). */
  stay?: boolean;
}

export function CompetitorSetDialog({ mode, draft, onClose, notes = [], stay = false }: CompetitorSetDialogProps) {
  const titleId = useId();
  const nameId = useId();
  const { fetcher, failure, busy } = useCompetitorSetWrite({ onDone: onClose, stay });
  const [name, setName] = useState(draft.name);

  return (
    <Modal open onClose={onClose} size="small" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>{TITLES[mode]}</Modal.Header>
      <Modal.Content>
        <fetcher.Form method="post" action={COMPETITOR_MONITOR_PAGE.path} id={`${titleId}-form`} className="ui form competitor-set-form">
          <input type="hidden" name="intent" value={mode} />
          {draft.id === undefined ? null : <input type="hidden" name="id" value={draft.id} />}
          {notes.map((note) => (
            <p key={note} className="competitor-set-form__note">
              {note}
            </p>
          ))}
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
