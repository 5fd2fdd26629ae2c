/**
 * 登记机器人 / 编辑机器人: a modal form posted to the robots page's action (intent create or update). The URL and
 * the secret are write-only: an edit shows them empty, and left empty they keep what is stored. The API
 * checks the URL (仅支持 https 地址, 不允许内网地址 …) and its Chinese message comes back as a toast. Changing a signed
 * 钉钉 / 飞书 robot to 企业微信 shows that its secret would go and asks for 删除已保存的签名密钥 (clearSecret), which the API
 * requires for that change (decision 256).
 */
import { ROBOT_MESSAGES, ROBOT_SERVICES, ROBOT_SERVICE_LABELS, type AdminRobot } from '@car/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { Form, Message, Modal } from 'semantic-ui-react';

import { DialogActions } from '~/components/DialogActions';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { modalDialogProps } from '~/utils/dialog';
import { useFetcherDone } from '~/utils/use-fetcher-done';

export interface AdminRobotDialogProps {
  /** null: a new robot; otherwise the robot edited. */
  robot: AdminRobot | null;
  producers: ReadonlyArray<{ id: number; name: string }>;
  open: boolean;
  onClose: () => void;
}

export function AdminRobotDialog({ robot, producers, open, onClose }: AdminRobotDialogProps) {
  const fetcher = useFetcher<{ done?: string; failure?: unknown }>();
  useFailureToast(isApiFailure(fetcher.data?.failure) ? fetcher.data.failure : null);
  const titleId = useId();
  const [service, setService] = useState(robot?.service ?? 'wecom');
  useEffect(() => setService(robot?.service ?? 'wecom'), [robot, open]);
  const { show } = useToast();
  useFetcherDone(fetcher, (done) => {
    show('success', done, 3000);
    onClose();
  });
  const busy = fetcher.state !== 'idle';
  const signs = service !== 'wecom';

  return (
    <Modal open={open} onClose={onClose} size="small" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>{robot ? `编辑机器人 ${robot.name}` : '登记机器人'}</Modal.Header>
      <Modal.Content>
        <fetcher.Form method="post" id="admin-robot-form" className={`ui form${busy ? ' loading' : ''}`}>
          <input type="hidden" name="intent" value={robot ? 'update' : 'create'} />
          {robot ? <input type="hidden" name="id" value={robot.id} /> : null}
          <Form.Field required>
            <label htmlFor="admin-robot-name">名称</label>
            <input id="admin-robot-name" name="name" maxLength={64} defaultValue={robot?.name ?? ''} />
          </Form.Field>
          <Form.Field required>
            <label htmlFor="admin-robot-service">类型</label>
            <select
              id="admin-robot-service"
              name="service"
              className="ui dropdown"
              value={service}
              onChange={(e) => setService(e.target.value as (typeof ROBOT_SERVICES)[number])}
            >
              {ROBOT_SERVICES.map((code) => (
                <option key={code} value={code}>
                  {ROBOT_SERVICE_LABELS[code]}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field>
            <label htmlFor="admin-robot-producer">所属团队（厂商）</label>
            <select id="admin-robot-producer" name="producerId" className="ui dropdown" defaultValue={robot?.producerId ?? ''}>
              <option value="">所有团队</option>
              {producers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field required={!robot}>
            <label htmlFor="admin-robot-url">Webhook 地址</label>
            <input
              id="admin-robot-url"
              name="url"
              maxLength={1000}
              autoComplete="off"
              placeholder={robot ? `留空则保留原地址（${robot.host}）` : 'https://…'}
            />
            <small className="admin-page__hint">仅支持 https 公网地址；保存后不再显示。</small>
          </Form.Field>
          {signs ? (
            <Form.Field>
              <label htmlFor="admin-robot-secret">签名密钥（加签）</label>
              <input
                id="admin-robot-secret"
                name="secret"
                type="password"
                maxLength={200}
                autoComplete="new-password"
                placeholder={robot?.hasSecret ? '已设置；留空则保留' : '未设置'}
              />
            </Form.Field>
          ) : null}
          {signs && robot?.hasSecret ? (
            <Form.Field>
              <label htmlFor="admin-robot-clear-secret">
                <input id="admin-robot-clear-secret" type="checkbox" name="clearSecret" /> 清除密钥
              </label>
            </Form.Field>
          ) : null}
          {!signs && robot?.hasSecret ? (
            <Form.Field>
              <Message warning visible size="small" content={ROBOT_MESSAGES.secretWouldBeDropped} />
              <label htmlFor="admin-robot-drop-secret">
                <input id="admin-robot-drop-secret" type="checkbox" name="clearSecret" /> {ROBOT_MESSAGES.confirmDropSecret}
              </label>
            </Form.Field>
          ) : null}
          <Form.Field>
            <label htmlFor="admin-robot-enabled">
              <input id="admin-robot-enabled" type="checkbox" name="enabled" defaultChecked={robot?.enabled ?? true} /> 启用
            </label>
          </Form.Field>
        </fetcher.Form>
      </Modal.Content>
      <DialogActions busy={busy} onCancel={onClose} form="admin-robot-form" holdCancel />
    </Modal>
  );
}
