/**
 * The set 竞品监控 shows, and what its owner can do with it (issue 49 §1): its members (本品 first, marked), who
 * shared it, and 新建 / 编辑 / 共享 / 另存为 / 删除 (a set shared with the caller is read-only: 另存为 only). The
 * writes go to the page's action; a refusal comes back as a toast. With no set shown (the link's set deleted or no
 * longer shared), the caller's sets to choose one from.
 */
import { Link } from '@remix-run/react';
import { useState } from 'react';
import { Button, Icon, Label } from 'semantic-ui-react';

import type { CompetitorSet } from '@car/contracts';
import { setChoiceLabel } from '~/utils/competitor-monitor';
import { type CompetitorSetDialogMode, type CompetitorSetDraft, CompetitorSetDialog, useCompetitorSetWrite } from './CompetitorSetDialog';

type Dialog = { mode: CompetitorSetDialogMode; draft: CompetitorSetDraft } | null;

const NEW_SET: CompetitorSetDraft = { name: '', own: [], rivals: [] };

interface CompetitorSetBarProps {
  set: CompetitorSet | null;
  producerName: string | null;
  suggestHref: string;
  /** The sets to choose from when none is shown (the caller's own first), and where each leads. */
  choices?: readonly CompetitorSet[];
  hrefOf?: (id: number) => string;
}

export function CompetitorSetBar({ set, producerName, suggestHref, choices = [], hrefOf }: CompetitorSetBarProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const { submit, busy } = useCompetitorSetWrite({ toastFailure: true });
  const draftOf = (s: CompetitorSet, name = s.name): CompetitorSetDraft => ({ id: s.id, name, own: s.own, rivals: s.rivals });

  const share = (producer: boolean) => set && submit({ intent: 'share', id: String(set.id), producer: producer ? '1' : '0' });
  const remove = () => {
    if (set && window.confirm(`确定删除竞品组「${set.name}」？共享给同事的也将一并取消。`)) submit({ intent: 'delete', id: String(set.id) });
  };

  return (
    <section className="panel competitor-set-bar" aria-label="竞品组">
      <div className="competitor-set-bar__head">
        <h3 className="panel__title">{set ? set.name : '竞品组'}</h3>
        {set && !set.mine ? <Label size="mini">{`${set.owner.nickname || set.owner.account} 共享 · 只读`}</Label> : null}
        {set?.mine && set.sharedWithProducer ? <Label size="mini" color="teal" basic>{`已共享给${set.sharedProducerName ?? '本厂商'}同事`}</Label> : null}
        <div className="competitor-set-bar__tools">
          <Button size="mini" basic type="button" onClick={() => setDialog({ mode: 'save', draft: NEW_SET })}>
            <Icon name="plus" />
            新建
          </Button>
          <Button size="mini" basic as={Link} to={suggestHref} preventScrollReset>
            <Icon name="lightbulb outline" />
            建议的竞品组
          </Button>
          {set?.mine ? (
            <>
              <Button size="mini" basic type="button" onClick={() => setDialog({ mode: 'update', draft: draftOf(set) })}>
                <Icon name="edit outline" />
                编辑
              </Button>
              {producerName ? (
                <Button size="mini" basic type="button" disabled={busy} onClick={() => share(!set.sharedWithProducer)}>
                  <Icon name="share alternate" />
                  {set.sharedWithProducer ? '取消共享' : `共享给${producerName}同事`}
                </Button>
              ) : null}
            </>
          ) : null}
          {set ? (
            <Button size="mini" basic type="button" onClick={() => setDialog({ mode: 'copy', draft: draftOf(set, `${set.name} 副本`) })}>
              <Icon name="copy outline" />
              另存为
            </Button>
          ) : null}
          {set?.mine ? (
            <Button size="mini" basic type="button" disabled={busy} onClick={remove}>
              <Icon name="trash alternate outline" />
              删除
            </Button>
          ) : null}
        </div>
      </div>
      {set ? (
        <div className="competitor-set-bar__members">
          <span className="competitor-set-bar__label">本品</span>
          {set.own.map((m) => (
            <Label key={m.id} size="small" color="blue" title={m.producerName}>
              {m.name}
            </Label>
          ))}
          <span className="competitor-set-bar__label">竞品</span>
          {set.rivals.length === 0 ? <span className="competitor-set-bar__none">无</span> : null}
          {set.rivals.map((m) => (
            <Label key={m.id} size="small" basic title={m.producerName}>
              {m.name}
            </Label>
          ))}
        </div>
      ) : null}
      {!set && hrefOf && choices.length > 0 ? (
        <nav className="competitor-set-bar__choices" aria-label="选择竞品组">
          <span className="competitor-set-bar__label">选择竞品组</span>
          {choices.map((s) => (
            <Button key={s.id} size="mini" basic as={Link} to={hrefOf(s.id)}>
              {setChoiceLabel(s)}
            </Button>
          ))}
        </nav>
      ) : null}
      {dialog ? <CompetitorSetDialog key={dialog.mode} mode={dialog.mode} draft={dialog.draft} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
