import type { MetaFunction } from '@remix-run/node';

import { EmptyState } from '~/components/EmptyState';
import { titled } from '~/utils/meta';

export const meta: MetaFunction = () => titled('首页');

/** `/` itself shows only when the user has no page at all; otherwise the shell's loader sends them to 整体市场表现 or their first page (decision 151). */
export default function Home() {
  return (
    <EmptyState icon="folder open outline" title="暂无可访问的页面">
      <p>您的账号还没有可用的分析页面，请联系管理员分配权限。</p>
    </EmptyState>
  );
}
