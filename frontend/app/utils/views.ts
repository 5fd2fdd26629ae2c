/**
 * 我的视图's rules for the page: what a row offers (the one list of row actions, so another action is one entry
 * more) and how its sharing reads. Decisions 187-189.
 */
import { viewOpenHref, type SavedView } from '@car/contracts';

import { subscribeHref } from './alert-form';

export type ViewAction = 'rename' | 'share' | 'delete' | 'copy';

export interface ViewRowAction {
  key: 'open' | 'subscribe' | ViewAction;
  text: string;
  /** A link (open), or an action the page carries out (a dialog or a confirmation). */
  href?: string;
}

/**
 * The actions of a row: the owner's view opens, is subscribed to (订阅与提醒's form with the view filled in),
 * renames, shares and deletes; a shared one opens, is subscribed to and is copied.
 */
export function viewRowActions(view: SavedView): ViewRowAction[] {
  const open: ViewRowAction = { key: 'open', text: '打开', href: viewOpenHref(view.id) };
  const subscribe: ViewRowAction = { key: 'subscribe', text: '订阅', href: subscribeHref(view.path, view.query, view.name) };
  if (!view.mine) return [open, subscribe, { key: 'copy', text: '另存为我的视图' }];
  return [open, subscribe, { key: 'rename', text: '重命名' }, { key: 'share', text: '共享' }, { key: 'delete', text: '删除' }];
}

/**
 * Whom an owner's view goes to, in words: '未共享', or the colleagues' nicknames and the producer whose colleagues
 * all see it, by name (the owner's when it was shared, which need not be theirs now: decision 260).
 */
export function shareText(view: SavedView): string {
  const parts = view.sharedWith.map((user) => user.nickname || user.account);
  if (view.sharedWithProducer) parts.push(`${view.sharedProducerName ?? '本厂商'}全部同事`);
  return parts.length === 0 ? '未共享' : parts.join('、');
}

/** The current address as a view stores it: its path and query string (the notice of an opened view is no part of it). */
export function viewAddressOf(location: { pathname: string; search: string }): { path: string; query: string } {
  return { path: location.pathname, query: location.search };
}
