/**
 * The tables of the administration-styled pages (用户管理, 安全日志, 群机器人, 我的订阅, 我的提醒): the table with its
 * headers; a row's 操作, small buttons held while the page's call runs; and the confirmation before a row's change
 * is posted to the page's action as `intent` and `id`.
 */
import type { FetcherWithComponents } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button, Confirm, Table } from 'semantic-ui-react';

export function AdminTable({ headers, children }: { headers: readonly string[]; children: ReactNode }) {
  return (
    <Table celled compact unstackable className="admin-page__table">
      <Table.Header>
        <Table.Row>
          {headers.map((h) => (
            <Table.HeaderCell key={h}>{h}</Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table>
  );
}

export function RowActions({ children }: { children: ReactNode }) {
  return <Table.Cell className="admin-page__row-actions">{children}</Table.Cell>;
}

interface RowButtonProps {
  busy: boolean;
  onClick: () => void;
  /** Outlined (all but 编辑). */
  basic?: boolean;
  negative?: boolean;
  children: ReactNode;
}

export function RowButton({ busy, onClick, basic = true, negative, children }: RowButtonProps) {
  return (
    <Button size="mini" type="button" basic={basic} negative={negative} disabled={busy} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A row's change waiting for its confirmation: the action's intent, the row's id and the question asked. */
export interface AskedIntent {
  intent: string;
  id: number;
  text: string;
}

interface ConfirmIntentProps {
  asked: AskedIntent | null;
  submit: FetcherWithComponents<unknown>['submit'];
  onClose: () => void;
  header?: string;
  confirmButton?: string;
}

export function ConfirmIntent({ asked, submit, onClose, header = '请确认', confirmButton = '确定' }: ConfirmIntentProps) {
  return (
    <Confirm
      open={asked !== null}
      header={header}
      content={asked?.text ?? ''}
      cancelButton="取消"
      confirmButton={confirmButton}
      onCancel={onClose}
      onConfirm={() => {
        if (asked) submit({ intent: asked.intent, id: String(asked.id) }, { method: 'post' });
        onClose();
      }}
    />
  );
}
