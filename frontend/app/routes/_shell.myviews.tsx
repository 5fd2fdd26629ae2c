/**
 * 我的视图 (/myviews, issue 30 §1, decisions 187-189): the user's saved views and those shared with them. Open,
 * rename, share, delete one's own; open or save a copy of a shared one. Every signed-in user's page (no menu row).
 * The action carries out the writes of this page and of 保存视图 in the header; `?keyword=` answers the share
 * dialog's colleague search.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useFetcher, useLoaderData } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';

import { VIEWS, type SavedView } from '@car/contracts';

import { MyViewsTable } from '~/components/MyViewsTable';
import { ShareViewDialog } from '~/components/ShareViewDialog';
import { useFailureToast, useToast } from '~/components/Toast';
import { ViewNameDialog } from '~/components/ViewNameDialog';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, apiPost, throwAsRouteError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { intentAction } from '~/utils/intent-action.server';
import { titled } from '~/utils/meta';
import { urlState } from '~/utils/url-state';
import type { ViewAction } from '~/utils/views';

export const meta = () => titled('我的视图');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const keyword = urlState(VIEWS.colleagues.params, request).given('keyword');
  // The share dialog's search: colleagues only.
  if (keyword !== null) {
    return { colleagues: await apiGet(request, context, VIEWS.colleagues, { keyword }).catch(throwAsRouteError) };
  }
  return { list: await apiGet(request, context, VIEWS.list).catch(throwAsRouteError) };
}

const idList = (text: string) =>
  text
    .split(',')
    .filter((part) => part !== '')
    .map(Number);

export function action({ request, context }: ActionFunctionArgs) {
  const id = (form: FormData) => formText(form, 'id');
  const name = (form: FormData) => formText(form, 'name');
  return intentAction(request, {
    save: async (form) => ({
      done: (await apiPost(request, context, VIEWS.save, { name: name(form), path: formText(form, 'path'), query: formText(form, 'query') })).name,
    }),
    rename: async (form) => ({ done: (await apiPost(request, context, VIEWS.rename, { id: id(form), name: name(form) })).name }),
    copy: async (form) => ({ done: (await apiPost(request, context, VIEWS.copy, { id: id(form), name: name(form) })).name }),
    delete: async (form) => {
      await apiPost(request, context, VIEWS.remove, { id: id(form) });
      return { done: '删除' };
    },
    share: async (form) => {
      const shared = await apiPost(request, context, VIEWS.share, {
        id: id(form),
        userIds: idList(formText(form, 'userIds')),
        producer: formText(form, 'producer') === '1',
      });
      return { done: shared.name };
    },
  });
}

type Dialog = { action: ViewAction; view: SavedView } | null;

/** The two actions that ask for a name: the dialog's title and the toast once done. */
const NAME_DIALOGS: Record<'rename' | 'copy', { title: string; doneText: (name: string) => string }> = {
  rename: { title: '重命名视图', doneText: (name) => `已重命名为「${name}」` },
  copy: { title: '另存为我的视图', doneText: (name) => `已另存为我的视图「${name}」` },
};

export default function MyViewsPage() {
  const data = useLoaderData<typeof loader>();
  const list = 'list' in data ? data.list : null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useFetcher<{ done?: string; failure?: unknown }>();
  const { show } = useToast();
  useFailureToast(isApiFailure(remove.data?.failure) ? remove.data.failure : null);
  const close = useCallback(() => setDialog(null), []);

  useEffect(() => {
    if (remove.state === 'idle' && remove.data?.done) show('success', '已删除视图');
  }, [remove.state, remove.data, show]);

  const onAction = (action: ViewAction, view: SavedView) => {
    if (action !== 'delete') return setDialog({ action, view });
    if (window.confirm(`确定删除视图「${view.name}」？共享给同事的也将一并取消。`)) {
      remove.submit({ intent: 'delete', id: String(view.id) }, { method: 'post' });
    }
  };

  if (!list) return null;
  return (
    <div className="my-views">
      <h2 className="my-views__title">我的视图</h2>
      <p className="my-views__hint">在分析页面点击页眉的「保存视图」，即可把当前的筛选条件、维度、列与排序保存在这里（最多 {list.limit} 个）。</p>
      <MyViewsTable caption={`我的视图（${list.mine.length}）`} views={list.mine} empty="还没有保存的视图" onAction={onAction} />
      <MyViewsTable caption={`共享给我的（${list.shared.length}）`} views={list.shared} empty="还没有同事共享给您的视图" onAction={onAction} />
      {dialog?.action === 'rename' || dialog?.action === 'copy' ? (
        <ViewNameDialog
          key={dialog.action}
          title={NAME_DIALOGS[dialog.action].title}
          intent={dialog.action}
          initialName={dialog.view.name}
          fields={{ id: String(dialog.view.id) }}
          doneText={NAME_DIALOGS[dialog.action].doneText}
          onClose={close}
        />
      ) : null}
      {dialog?.action === 'share' ? <ShareViewDialog view={dialog.view} producerName={list.producerName} onClose={close} /> : null}
    </div>
  );
}
