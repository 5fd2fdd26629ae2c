/**
 * The toolbar over 配置查询's comparison: 隐藏未配置项 and 仅显示差异项, 每个子车系一款 (decision 179), the legend, and
 * the view as files: 下载 Excel and 导出PPT (decision 219), with the same parameters.
 */
import { Button, Checkbox } from 'semantic-ui-react';

import { configDeckHref, configDownloadHref, type ConfigState } from '~/utils/config-query';

interface ConfigToolbarProps {
  state: ConfigState;
  /** The columns shown, in order. */
  codes: string[];
  /** The columns 每个子车系一款 keeps. */
  onePerSub: string[];
  go: (next: ConfigState, replace?: boolean) => void;
}

export function ConfigToolbar({ state, codes, onePerSub, go }: ConfigToolbarProps) {
  return (
    <div className="config-toolbar">
      <Checkbox id="config-hide-empty" label="隐藏未配置项" checked={state.hide} onChange={() => go({ ...state, hide: !state.hide }, true)} />
      <Checkbox id="config-differ-only" label="仅显示差异项" checked={state.differ} onChange={() => go({ ...state, differ: !state.differ }, true)} />
      <Button
        type="button"
        basic
        size="small"
        title="每个子车系只留一款：当月零售量最高的车型（都无销量时留第一款）"
        disabled={onePerSub.length === codes.length}
        onClick={() => go({ ...state, codes: onePerSub }, true)}
      >
        每个子车系一款
      </Button>
      <span className="config-legend">● 标配　○ 选配　- 无</span>
      <span className="config-toolbar__spacer" />
      {[
        { content: '下载 Excel', icon: 'download', className: 'config-download', href: configDownloadHref({ ...state, codes }) },
        { content: '导出PPT', icon: 'file powerpoint outline', className: 'config-deck', href: configDeckHref({ ...state, codes }) },
      ].map((file) => (
        <Button key={file.className} as="a" basic size="small" {...file} download disabled={codes.length === 0} />
      ))}
    </div>
  );
}
