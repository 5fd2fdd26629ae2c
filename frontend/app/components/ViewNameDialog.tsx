/**
 * The name of a view, asked for when one is saved (保存视图), renamed or saved as one's own copy (另存为我的视图).
 * Posts to 我的视图's action through a fetcher with the given intent and fields; the API's refusal (a name
 * taken, too many views) keeps the dialog open with its message.
 */
import { useFetcher } from '@remix-run/react';
import { useId, useState } from 'react';
import { Form, Modal } from 'semantic-ui-react';

import { MY_VIEWS_PATH, VIEW_NAME_MAX } from '@car/contracts';

import { isApiFailure } from '~/utils/api-failure';
import { modalDialogProps } from '~/utils/dialog';
import { useFetcherDone } from '~/utils/use-fetcher-done';
import { DialogActions, DialogFailure } from './DialogActions';
import { useToast } from './Toast';

export interface ViewNameDialogProps {
  title: string;
  intent: 'save' | 'rename' | 'copy';
  initialName: string;
  /** Hidden fields besides the name: the view's id, or the page's path and query. */
  fields: Record<string, string>;
  /** The toast once it is done. */
  doneText: (name: string) => string;
  onClose: () => void;
}

export function ViewNameDialog({ title, intent, initialName, fields, doneText, onClose }: ViewNameDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const fetcher = useFetcher<{ done?: string; failure?: unknown }>();
  const { show } = useToast();
  const [name, setName] = useState(initialName);
  const failure = isApiFailure(fetcher.data?.failure) ? fetcher.data.failure : null;
  const busy = fetcher.state !== 'idle';

  useFetcherDone(fetcher, (done) => {
    show('success', doneText(done));
    onClose();
  });

  return (
    <Modal open onClose={onClose} size="tiny" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>{title}</Modal.Header>
      <Modal.Content>
        <fetcher.Form method="post" action={MY_VIEWS_PATH} id={`${titleId}-form`} className="ui form">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <Form.Field>
            <label htmlFor={inputId}>视图名称</label>
            <input id={inputId} name="name" value={name} maxLength={VIEW_NAME_MAX} autoFocus onChange={(event) => setName(event.target.value)} />
          </Form.Field>
        </fetcher.Form>
        <DialogFailure failure={failure} />
      </Modal.Content>
      <DialogActions busy={busy} onCancel={onClose} form={`${titleId}-form`} />
    </Modal>
  );
}
