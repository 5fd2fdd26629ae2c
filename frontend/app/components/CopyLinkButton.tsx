/**
 * 复制链接: puts the page's current address (its state lives in the URL, so the link opens the same view)
 * on the clipboard, and says so with a toast. Where the Clipboard API is refused (no permission, an http
 * page off localhost) a hidden text field and `execCommand('copy')` do it; if both fail, the toast says so.
 */
import { Icon } from 'semantic-ui-react';

import { copyText } from '~/utils/copy-text';
import { useToast } from './Toast';

export const COPIED_TEXT = '已复制链接';

export function CopyLinkButton({ className = '' }: { className?: string }) {
  const { show } = useToast();
  const copy = async () => {
    const copied = await copyText(window.location.href);
    if (copied) show('success', COPIED_TEXT);
    else show('error', '无法复制链接，请从地址栏复制');
  };
  return (
    <button type="button" className={`copy-link ${className}`.trim()} onClick={() => void copy()} title="复制本页链接（含筛选条件）">
      <Icon name="linkify" />
      复制链接
    </button>
  );
}
