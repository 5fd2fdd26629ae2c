/** The temporary password of a reset, shown once: the API keeps only its hash, and the user must change it at the next sign-in. */
import { useId } from 'react';
import { Button, Message, Modal } from 'semantic-ui-react';

import { modalDialogProps } from '~/utils/dialog';

export function TemporaryPasswordDialog({ account, password, onClose }: { account: string; password: string; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open onClose={onClose} size="tiny" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>已重置 {account} 的密码</Modal.Header>
      <Modal.Content>
        <p>临时密码（仅显示这一次，请妥善转交）：</p>
        <p className="admin-page__password" data-testid="temporary-password">
          {password}
        </p>
        <Message info size="small">
          该用户的登录已全部失效；用临时密码登录后须先修改密码。
        </Message>
      </Modal.Content>
      <Modal.Actions>
        <Button primary type="button" onClick={onClose}>
          我已记下
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
