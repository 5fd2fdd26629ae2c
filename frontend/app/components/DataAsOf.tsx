/**
 * 数据截至 YYYY-MM（YYYY-MM-DD 发布） of a page's data source (issue 30 §4, decision 200), with the source's 口径
 * as its tooltip. Shell pages read the status the shell's loader fetched with the menus; the dashboard and the
 * phone page, outside the shell, pass their own.
 */
import { useOutletContext } from '@remix-run/react';

import { dataAsOfText, DEFINITIONS, type DataSourceKind, type DataSourceStatus } from '@car/contracts';
import { definitionElementId } from '~/utils/definition-tip';
import type { ShellContext } from '~/utils/shell-context';

interface DataAsOfProps {
  source: DataSourceKind;
  /** The source's status where the page has it itself (outside the shell); else the shell's. */
  status?: DataSourceStatus;
  className?: string;
}

export function DataAsOf({ source, status, className = '' }: DataAsOfProps) {
  const shell = useOutletContext<ShellContext | undefined>();
  const known = status !== undefined ? status : shell?.dataStatus?.[source];
  const key = source === 'rebate' ? 'rebateSource' : source;
  return (
    <p className={`data-as-of ${className}`.trim()} data-source={source}>
      <span className="definition-tip" tabIndex={0} aria-describedby={definitionElementId(key)} data-definition={DEFINITIONS[key].text}>
        {dataAsOfText(known ?? undefined)}
      </span>
    </p>
  );
}
