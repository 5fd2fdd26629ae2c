/**
 * The banner of an opened view's notice (decision 188): which saved conditions the page no longer reads, or why a
 * view did not open. It stays until closed, so it can be read at leisure.
 */
import { useEffect, useState } from 'react';
import { Icon } from 'semantic-ui-react';

export function ViewNotice({ notice }: { notice: string | null }) {
  const [shown, setShown] = useState(notice);
  useEffect(() => setShown(notice), [notice]);
  if (!shown) return null;
  return (
    <div className="view-notice" role="status" data-testid="view-notice">
      <Icon name="info circle" aria-hidden="true" />
      <span className="view-notice__text">{shown}</span>
      <button type="button" className="view-notice__close" onClick={() => setShown(null)} aria-label="关闭提示">
        <Icon name="close" fitted />
      </button>
    </div>
  );
}
