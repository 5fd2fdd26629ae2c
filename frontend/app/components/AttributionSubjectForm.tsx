/**
 * Whom a share or price split is about: the subject's kind (ATTRIBUTION_SUBJECTS: 整体市场, 细分市场, 厂商, 品牌, 车系;
 * the share split offers the last three) and the one picked — the segments' list, or the pickers of the other pages for
 * makers, brands and sub-series. A GET form that carries the rest of the address, so the choice is a URL and works
 * before JavaScript loads; 查询 waits for a pick where the kind needs one.
 */
import { Form, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { Button } from 'semantic-ui-react';

import { ATTRIBUTION_SUBJECTS, type AttributionSubjectType } from '@car/contracts';
import type { PickItem } from '~/utils/pick-list';
import { PickerInput, type PickerKind } from './PickerInput';

const PICKERS: Partial<Record<AttributionSubjectType, PickerKind>> = { producer: 'currentCompany', brand: 'currentBrand', subSeries: 'currentSeries' };

interface AttributionSubjectFormProps {
  types: readonly AttributionSubjectType[];
  /** The subject shown (the answer's; the share split's default is the analyst's own producer). */
  type: AttributionSubjectType;
  chosen: PickItem | null;
  segments: ReadonlyArray<{ id: number; name: string }>;
  /** The keys the form sets or takes away (the subject's, and what a subject replaces: the 竞品组). */
  replaces: readonly string[];
}

export function AttributionSubjectForm({ types, type: shown, chosen: shownItem, segments, replaces }: AttributionSubjectFormProps) {
  const location = useLocation();
  const [type, setType] = useState(shown);
  const [chosen, setChosen] = useState<PickItem | null>(shownItem);
  const kept = [...new URLSearchParams(location.search)].filter(([key]) => !replaces.includes(key));
  const picker = PICKERS[type];
  const needsPick = type !== 'market';
  const segmentList = segments.filter((s) => s.id > 0);
  return (
    <Form method="get" className="attribution-subject" preventScrollReset aria-label="分析对象" key={`${shown}:${shownItem?.id ?? ''}`}>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label className="attribution-subject__label" htmlFor="attribution-subject-type">
        分析对象
      </label>
      <select
        id="attribution-subject-type"
        name="subjectType"
        className="ui selection dropdown native-select attribution-subject__type"
        value={type}
        onChange={(event) => {
          setType(event.target.value as AttributionSubjectType);
          setChosen(null);
        }}
      >
        {types.map((t) => (
          <option key={t} value={t}>
            {ATTRIBUTION_SUBJECTS[t].label}
          </option>
        ))}
      </select>
      {type === 'segment' ? (
        <select
          name="subjectId"
          aria-label="细分市场"
          className="ui selection dropdown native-select"
          value={chosen?.id ?? ''}
          onChange={(event) => {
            const segment = segmentList.find((s) => s.id === Number(event.target.value));
            setChosen(segment ? { id: segment.id, name: segment.name } : null);
          }}
        >
          <option value="" disabled>
            请选择细分市场
          </option>
          {segmentList.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      ) : picker ? (
        <PickerInput
          key={type}
          name="subjectId"
          kind={picker}
          label={ATTRIBUTION_SUBJECTS[type].label}
          value={chosen ? [chosen] : []}
          onChange={(items) => setChosen(items[0] ?? null)}
          title={`选择${ATTRIBUTION_SUBJECTS[type].label}`}
        />
      ) : null}
      <Button size="small" primary type="submit" disabled={needsPick && chosen === null}>
        查询
      </Button>
    </Form>
  );
}
