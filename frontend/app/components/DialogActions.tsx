/**
 * The foot of a form dialog: the refusal the dialog keeps open with (`DialogFailure`, at the end of its content),
 * then 取消 and the primary button (`DialogActions`: 保存 unless named), which submits the dialog's form (`form`) or
 * runs `onSave`, and spins while the call runs.
 */
import { Button, Message, Modal } from 'semantic-ui-react';

import type { ApiFailure } from '~/utils/api-failure';

export function DialogFailure({ failure }: { failure: ApiFailure | null }) {
  if (!failure) return null;
  return (
    <Message negative size="small" role="alert">
      {failure.msg}
    </Message>
  );
}

interface DialogActionsProps {
  busy: boolean;
  onCancel: () => void;
  /** The id of the form the primary button submits; or `onSave`. */
  form?: string;
  onSave?: () => void;
  saveText?: string;
  /** 取消 waits, too, while the call runs (the administration forms). */
  holdCancel?: boolean;
}

export function DialogActions({ busy, onCancel, form, onSave, saveText = '保存', holdCancel = false }: DialogActionsProps) {
  return (
    <Modal.Actions>
      <Button type="button" onClick={onCancel} disabled={holdCancel && busy}>
        取消
      </Button>
      <Button primary type={form ? 'submit' : 'button'} form={form} onClick={onSave} loading={busy} disabled={busy}>
        {saveText}
      </Button>
    </Modal.Actions>
  );
}
