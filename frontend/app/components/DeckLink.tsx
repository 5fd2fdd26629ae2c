/**
 * 导出PPT (issue 31, decision 210): the one control in a page's head that exports the whole page as a deck,
 * a link to the page's `<page>/ppt` call saved by the same file transfer as every 下载 (decision 134).
 */
import { Icon } from 'semantic-ui-react';

export function DeckLink({ href }: { href: string }) {
  return (
    <a className="ui mini basic button sales-page__deck" href={href} download>
      <Icon name="file powerpoint outline" />
      导出PPT
    </a>
  );
}
