/**
 * The suggested sets (issue 49 §1, decision 296): one per best seller of the caller's producer, each with the figures
 * that chose its rivals (volume and TP over the months read). 采用 saves it as it is; 编辑后保存 opens the set's form
 * with it filled in. The rule itself is written under the list.
 */
import { useState } from 'react';
import { Button } from 'semantic-ui-react';

import { type SuggestedSet, type Suggestions, SUGGESTION_RULE, thousands, yuanText } from '@car/contracts';
import { CompetitorSetDialog, type CompetitorSetDraft, useCompetitorSetWrite } from './CompetitorSetDialog';

const draftOf = (s: SuggestedSet): CompetitorSetDraft => ({ name: s.name, own: [s.own], rivals: s.rivals });

export function SuggestedSets({ suggestions, producerName }: { suggestions: Suggestions; producerName: string | null }) {
  const [editing, setEditing] = useState<CompetitorSetDraft | null>(null);
  const { submit, busy } = useCompetitorSetWrite({ toastFailure: true });
  const adopt = (s: SuggestedSet) => submit({ intent: 'save', name: s.name, own: String(s.own.id), rivals: s.rivals.map((r) => r.id).join(',') });

  return (
    <section className="panel suggested-sets" aria-label="建议的竞品组">
      <header className="panel__head">
        <h3 className="panel__title">建议的竞品组{suggestions.months ? `（${suggestions.months}）` : ''}</h3>
      </header>
      {suggestions.sets.length === 0 ? (
        <p className="suggested-sets__empty">
          {producerName
            ? '暂无可建议的竞品组：近三个月没有本厂商子车系的零售量与成交价。'
            : '您的账号未关联厂商，没有建议的竞品组；可点击「新建」自行选择本品与竞品。'}
        </p>
      ) : (
        <div className="suggested-sets__list">
          {suggestions.sets.map((s) => (
            <article key={s.own.id} className="suggested-set" aria-label={s.name}>
              <h4 className="suggested-set__title">
                {s.own.name}
                <span className="suggested-set__segment">
                  {s.segmentName} · {s.bodyTypeName} · {yuanText(s.own.tp)} · {thousands(s.own.qty)}辆
                </span>
              </h4>
              <ol className="suggested-set__rivals">
                {s.rivals.map((r) => (
                  <li key={r.id}>
                    {r.name}
                    <span className="suggested-set__figures">
                      {r.producerName} · {yuanText(r.tp)} · {thousands(r.qty)}辆
                    </span>
                  </li>
                ))}
              </ol>
              <div className="suggested-set__actions">
                <Button size="mini" primary type="button" disabled={busy} onClick={() => adopt(s)}>
                  采用
                </Button>
                <Button size="mini" basic type="button" onClick={() => setEditing(draftOf(s))}>
                  编辑后保存
                </Button>
              </div>
            </article>
          ))}
        </div>
      )}
      <p className="suggested-sets__rule">
        建议规则：本厂商近{SUGGESTION_RULE.months}个月零售量前{SUGGESTION_RULE.ownBestSellers}的子车系，各配同级别、同车身形式，加权成交价相差 ±
        {SUGGESTION_RULE.tpWindow * 100}% 以内的其他厂商子车系中销量最大的{SUGGESTION_RULE.rivals}个。
      </p>
      {editing ? <CompetitorSetDialog mode="save" draft={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
