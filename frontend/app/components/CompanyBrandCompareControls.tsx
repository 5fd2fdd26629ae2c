/**
 * The chart's comparison controls on one producer's or brand's page: by year, against producers or
 * against brands (compareType); with a comparison, the picked ones (foreignIds, at most MAX_COMPARED)
 * and the Top N best sellers (count).
 */
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { useMemo } from 'react';
import { Button, Icon } from 'semantic-ui-react';

import { COMPARE_MODES, type CompareType, type MakerType, MAX_COMPARED } from '@car/contracts';
import { MakerDialog } from '~/components/MakerDialog';
import { useFollowingPickList } from '~/components/PickListDialog';
import { useToast } from '~/components/Toast';
import { compareModeChanges, TOP_COUNTS } from '~/utils/company-brand-query';
import { idsKey, selectionOf } from '~/utils/pick-list';
import { withParams } from '~/utils/sale-volume-query';
import { useShell } from '~/utils/shell-context';

export function CompanyBrandCompareControls({
  mode,
  compared,
  main,
  top,
}: {
  mode: CompareType;
  compared: Array<{ id: number; name: string }>;
  main: { type: MakerType; id: number };
  top: number;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useShell();
  // The user's own producer or brand is offered first, unless it is the one this window is about.
  const ownProducerId = main.type === 0 && main.id === user.producerId ? null : user.producerId;
  const ownBrandId = main.type === 1 && main.id === user.brandId ? null : user.brandId;
  const { show } = useToast();
  const incoming = useMemo(() => selectionOf(compared), [idsKey(compared)]); // eslint-disable-line react-hooks/exhaustive-deps
  const pick = useFollowingPickList(incoming);

  const onConfirm = (items: readonly { id: number | string }[]) => {
    const ids = items.map((item) => Number(item.id)).filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length > MAX_COMPARED) show('warning', `最多对比 ${MAX_COMPARED} 个，已保留前 ${MAX_COMPARED} 个`);
    navigate(withParams(location.search, { foreignIds: ids.slice(0, MAX_COMPARED).join(',') || null }), { preventScrollReset: true });
  };

  const kindLabel = mode === 1 ? '厂商' : '品牌';
  return (
    <>
      <Button.Group size="mini" basic className="compare-modes">
        {COMPARE_MODES.map((m) => (
          <Button
            key={m.value}
            as={Link}
            to={withParams(location.search, compareModeChanges(mode, m.value))}
            preventScrollReset
            active={mode === m.value}
            aria-pressed={mode === m.value}
          >
            {m.label}
          </Button>
        ))}
      </Button.Group>
      {mode !== 0 ? (
        <>
          <Button
            size="mini"
            primary
            basic
            type="button"
            onClick={() => pick.open()}
            className="compare-pick"
            title={compared.map((c) => c.name).join('、') || undefined}
          >
            <Icon name="list alternate outline" />
            {compared.length ? `已选${compared.length}个${kindLabel}` : `选择${kindLabel}`}
          </Button>
          <select
            className="trend-chart__count compare-top"
            aria-label={`Top 对比${kindLabel}`}
            title={`与销量前 N 名的${kindLabel}对比（本月，当前筛选与区域内）`}
            value={top}
            onChange={(event) => navigate(withParams(location.search, { count: Number(event.target.value) || null }), { preventScrollReset: true })}
          >
            {TOP_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? 'Top' : `Top ${n}`}
              </option>
            ))}
          </select>
          {mode === 1 ? (
            <MakerDialog key="company" kind="company" pick={pick} title="选择对比厂商" ownId={ownProducerId} onConfirm={(s) => onConfirm(s.items)} />
          ) : (
            <MakerDialog key="brand" kind="brand" pick={pick} title="选择对比品牌" ownId={ownBrandId} onConfirm={(s) => onConfirm(s.items)} />
          )}
        </>
      ) : null}
    </>
  );
}
