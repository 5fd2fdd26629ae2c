/**
 * 共享 of one's own view (decision 187): named colleagues (an analyst's are the analysts of their producer, an
 * administrator's everyone: decision 259; narrowed by a search on account or nickname through 我的视图's loader)
 * and/or everyone of one's producer. Saving sends the whole list: unticking everyone takes the view back. A view
 * shared with the producer its owner belonged to before a move says so, and saving shares it with the producer of
 * now, if ticked (decision 260).
 */
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { Checkbox, Modal } from 'semantic-ui-react';

import { MY_VIEWS_PATH, type Colleague, type SavedView, type ViewUser } from '@car/contracts';

import { isApiFailure } from '~/utils/api-failure';
import { modalDialogProps } from '~/utils/dialog';
import { useFetcherDone } from '~/utils/use-fetcher-done';
import { DialogActions, DialogFailure } from './DialogActions';
import { useToast } from './Toast';

interface ShareViewDialogProps {
  view: SavedView;
  /** The owner's producer (what 本厂商 means), or null: then the producer share is not offered. */
  producerName: string | null;
  onClose: () => void;
}

export function ShareViewDialog({ view, producerName, onClose }: ShareViewDialogProps) {
  const titleId = useId();
  const searchId = useId();
  const save = useFetcher<{ done?: string; failure?: unknown }>();
  const search = useFetcher<{ colleagues?: Colleague[] }>();
  const { show } = useToast();
  const [picked, setPicked] = useState<ViewUser[]>(view.sharedWith);
  // Ticked when the view is shared with the owner's producer of now; one shared with a former producer says so below.
  const formerProducer = view.sharedWithProducer && view.sharedProducerName !== producerName ? view.sharedProducerName : null;
  const [producer, setProducer] = useState(view.sharedWithProducer && formerProducer === null);
  const [keyword, setKeyword] = useState('');
  const failure = isApiFailure(save.data?.failure) ? save.data.failure : null;
  const busy = save.state !== 'idle';

  const { load } = search;
  useEffect(() => {
    const timer = setTimeout(() => load(`${MY_VIEWS_PATH}?keyword=${encodeURIComponent(keyword.trim())}`), 200);
    return () => clearTimeout(timer);
  }, [keyword, load]);

  useFetcherDone(save, () => {
    show('success', `已更新视图「${view.name}」的共享`);
    onClose();
  });

  const isPicked = (id: number) => picked.some((user) => user.id === id);
  const toggle = (user: ViewUser) => setPicked((list) => (list.some((u) => u.id === user.id) ? list.filter((u) => u.id !== user.id) : [...list, user]));
  const found = search.data?.colleagues ?? [];

  return (
    <Modal open onClose={onClose} size="small" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>共享视图「{view.name}」</Modal.Header>
      <Modal.Content>
        <p className="my-views__hint">共享的视图对同事只读：同事以自己的权限打开，可另存为自己的视图。</p>
        {producerName ? (
          <Checkbox toggle label={`共享给本厂商（${producerName}）全部同事`} checked={producer} onChange={(_e, { checked }) => setProducer(checked === true)} />
        ) : null}
        {formerProducer ? <p className="my-views__hint">现共享给「{formerProducer}」全部同事（您调动前的厂商）；保存后按上面的选择共享。</p> : null}
        <div className="my-views__picked" aria-live="polite">
          已选同事：{picked.length === 0 ? '无' : picked.map((user) => user.nickname || user.account).join('、')}
        </div>
        <label htmlFor={searchId} className="my-views__search-label">
          查找同事（账号或昵称）
        </label>
        <input id={searchId} className="my-views__search" value={keyword} maxLength={50} onChange={(event) => setKeyword(event.target.value)} />
        <ul className="my-views__colleagues" aria-label="同事">
          {found.map((user) => (
            <li key={user.id}>
              <Checkbox
                label={`${user.nickname}（${user.account}${user.producerName ? `，${user.producerName}` : ''}）`}
                checked={isPicked(user.id)}
                onChange={() => toggle(user)}
              />
            </li>
          ))}
          {search.state === 'idle' && found.length === 0 ? <li className="my-views__none">没有找到同事</li> : null}
        </ul>
        <DialogFailure failure={failure} />
      </Modal.Content>
      <DialogActions
        busy={busy}
        onCancel={onClose}
        saveText="保存共享"
        onSave={() =>
          save.submit(
            { intent: 'share', id: String(view.id), userIds: picked.map((user) => user.id).join(','), producer: producer ? '1' : '0' },
            { method: 'post', action: MY_VIEWS_PATH },
          )
        }
      />
    </Modal>
  );
}
