/**
 * A user's mini-program bindings (the users page's `bindings` search parameter opens it, so a reload
 * keeps it open) with 解除绑定 for each, after a confirmation; the page's action calls mp/unbind.
 */
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { Button, Confirm, Modal, Table } from 'semantic-ui-react';

import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { modalDialogProps } from '~/utils/dialog';

export interface AdminBindingsDialogProps {
  account: string;
  bindings: ReadonlyArray<{ openId: string; createTime: string }>;
  onClose: () => void;
}

export function AdminBindingsDialog({ account, bindings, onClose }: AdminBindingsDialogProps) {
  const fetcher = useFetcher<{ done?: string; failure?: unknown }>();
  const [confirming, setConfirming] = useState<string | null>(null);
  const titleId = useId();
  useFailureToast(isApiFailure(fetcher.data?.failure) ? fetcher.data.failure : null);
  const { show } = useToast();
  useEffect(() => {
    if (fetcher.data?.done) show('success', fetcher.data.done, 3000);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast for each new answer only (the toast hook's `show` is not a reason to show it again)
  }, [fetcher.data]);

  const unbind = (openId: string) => {
    setConfirming(null);
    fetcher.submit({ intent: 'unbind', openId }, { method: 'post' });
  };

  return (
    <Modal open onClose={onClose} size="small" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>{account} 的小程序绑定</Modal.Header>
      <Modal.Content>
        {bindings.length === 0 ? (
          <p className="admin-page__empty">没有绑定的小程序账号</p>
        ) : (
          <Table compact celled unstackable>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>openId</Table.HeaderCell>
                <Table.HeaderCell>绑定时间</Table.HeaderCell>
                <Table.HeaderCell>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bindings.map((b) => (
                <Table.Row key={b.openId}>
                  <Table.Cell>{b.openId}</Table.Cell>
                  <Table.Cell>{b.createTime}</Table.Cell>
                  <Table.Cell>
                    <Button size="mini" negative basic type="button" disabled={fetcher.state !== 'idle'} onClick={() => setConfirming(b.openId)}>
                      解除绑定
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          关闭
        </Button>
      </Modal.Actions>
      <Confirm
        open={confirming !== null}
        header="解除绑定"
        content={`确定解除 openId ${confirming ?? ''} 的绑定？该微信需重新绑定账号才能使用销量查询。`}
        cancelButton="取消"
        confirmButton="解除绑定"
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && unbind(confirming)}
      />
    </Modal>
  );
}
