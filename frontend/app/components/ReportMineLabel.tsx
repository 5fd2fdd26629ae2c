import { REPORT_MINE_LABEL } from '@car/contracts';
import { Label } from 'semantic-ui-react';

/** 仅自己可见 beside the name of a report of the viewer's own (their competitor set's monthly deck, decision 299). */
export function ReportMineLabel({ mine }: { mine: boolean }) {
  return mine ? (
    <Label size="mini" basic className="report-page__mine">
      {REPORT_MINE_LABEL}
    </Label>
  ) : null;
}
