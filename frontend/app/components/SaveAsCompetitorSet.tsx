/**
 * 存为竞品组 (issue 49 §1, decision 301): a button that makes a competitor set of what the analyst has picked on the
 * page they are on — ticked rows of a ranking table, a page's 本品 and comparisons. It opens the set's form
 * (`CompetitorSetDialog`, mode save) filled from the picks, editable; once saved the analyst STAYS on the page: a toast
 * names the set with a link to it on 竞品监控, and the page's 竞品组 menus list it.
 *
 * Props (the caller decides which pick is 本品):
 * - `own`: 本品, the sub-series the set is about (`PickItem`: sub-series id and name), usually one;
 * - `rivals`: the rival sub-series, in the order picked. One that is also 本品 or named twice is kept once; beyond
 *   what a set holds (fifteen rivals, sixteen members with 本品) the first are kept and the form names the others;
 * - `disabled`, `disabledTitle`: the button greyed out (no 本品 or no rival picked yet) and why, as its tooltip;
 * - `label`: the button's text, 存为竞品组 unless given;
 * - `note`: said at the top of the form, how the picks were read (e.g. 第一个勾选的子车系为本品，其余为竞品);
 * - `takenNames`: the caller's set names if it has them, so the default name `<本品>竞品组` is numbered past them
 *   (without them a taken name is refused by the API and the form says so).
 * The draft is made when the button is pressed, from the picks of that moment.
 */
import { useState } from 'react';
import { Button, Icon } from 'semantic-ui-react';

import { draftNotes, draftOfPicks, type PicksDraft } from '~/utils/competitor-set-draft';
import type { PickItem } from '~/utils/pick-list';
import { CompetitorSetDialog } from './CompetitorSetDialog';

export interface SaveAsCompetitorSetProps {
  own: readonly PickItem[];
  rivals: readonly PickItem[];
  disabled?: boolean;
  disabledTitle?: string;
  label?: string;
  note?: string;
  takenNames?: readonly string[];
}

export function SaveAsCompetitorSet({
  own,
  rivals,
  disabled = false,
  disabledTitle = '请先选择本品与竞品子车系',
  label = '存为竞品组',
  note,
  takenNames,
}: SaveAsCompetitorSetProps) {
  const [draft, setDraft] = useState<PicksDraft | null>(null);
  return (
    <>
      {/* A disabled button takes no pointer: its wrapper carries the reason as a tooltip. */}
      <span className="save-as-competitor-set" title={disabled ? disabledTitle : undefined}>
        <Button type="button" size="mini" basic disabled={disabled} onClick={() => setDraft(draftOfPicks(own, rivals, takenNames))}>
          <Icon name="save outline" aria-hidden="true" />
          {label}
        </Button>
      </span>
      {draft ? <CompetitorSetDialog mode="save" draft={draft} notes={draftNotes(draft, note)} stay onClose={() => setDraft(null)} /> : null}
    </>
  );
}
