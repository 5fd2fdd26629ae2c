/**
 * The detail dialog of a price band's 其他 row (车型价格段销量, spec 001 §2.5): the members folded into
 * it, with this period's and last year's sales and 同比, or their MIX and its change.
 */
import { useId } from 'react';
import { Modal } from 'semantic-ui-react';

import { type BandDetailRow, growthText, pointsHeader, pointsText, sharePercentText, thousands } from '@car/contracts';
import { DefinedLabel } from '~/components/DefinedLabel';
import { modalDialogProps } from '~/utils/dialog';
import { growthClass } from '~/utils/format';

/** The dialog's table height (spec §2.5). */
const DETAIL_HEIGHT = 276;

export function PriceBandDetailDialog({
  rows,
  saleMix,
  title,
  periods,
  onClose,
}: {
  rows: BandDetailRow[] | null;
  saleMix: 0 | 1;
  title: string;
  periods: string[];
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal open={rows !== null} onClose={onClose} size="small" closeIcon className="detail-dialog" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>{title}</Modal.Header>
      <Modal.Content>
        {/* A scrolling box is reachable by keyboard (tabIndex 0) and named for what it holds. */}
        <div style={{ maxHeight: DETAIL_HEIGHT, overflowY: 'auto' }} tabIndex={0} role="region" aria-label={`${title}明细`}>
          <table className="ui celled compact unstackable table detail-table">
            <thead>
              <tr>
                <th>名称</th>
                {saleMix === 1 ? (
                  <>
                    <th>
                      <DefinedLabel label={`${periods[0]} MIX`} />
                    </th>
                    <th>
                      <DefinedLabel label={`${periods[1]} MIX`} />
                    </th>
                    <th>
                      <DefinedLabel label={pointsHeader('MIX变化')} />
                    </th>
                  </>
                ) : (
                  <>
                    <th>
                      <DefinedLabel label={`${periods[0]} 销量`} />
                    </th>
                    <th>
                      <DefinedLabel label={`${periods[1]} 销量`} />
                    </th>
                    <th>
                      <DefinedLabel label="同比" />
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((r) => (
                <tr key={r.name}>
                  <td>{r.name}</td>
                  {saleMix === 1 ? (
                    <>
                      <td>{sharePercentText(r.mix)}</td>
                      <td>{sharePercentText(r.tqMix)}</td>
                      <td className={growthClass(r.mixYoy)}>{pointsText(r.mixYoy)}</td>
                    </>
                  ) : (
                    <>
                      <td>{thousands(r.sales)}</td>
                      <td>{thousands(r.tqSales)}</td>
                      <td className={growthClass(r.yoy)}>{growthText(r.yoy)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Modal.Content>
    </Modal>
  );
}
