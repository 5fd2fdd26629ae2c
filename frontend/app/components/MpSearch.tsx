import { Link, useFetcher, useNavigate, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { MP_SUGGEST_MIN, type MpTabMatches, type MpType } from '@car/contracts';

import { matchGroups, searchedMatch } from '~/utils/mp-search';
import { MpIcon } from './MpIcon';

/**
 * The phone page's search box (销量查询, spec 001 §5): suggestions while typing from MP_SUGGEST_MIN
 * characters, over the four tabs at once (decision 180): the open tab's matches first, then those of each
 * other tab under 在「品牌」中找到; a match of another tab opens that tab. Enter or the search button searches whatever the
 * length, and an exact match of the text (or the only match) opens its chart at once, switching to its
 * tab, else the matches are listed to choose from.
 */
export function MpSearch({ type }: { type: MpType }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(params.get('name') ?? '');
  const [open, setOpen] = useState(false);
  /** The text Enter or the search button searched, until its answer has come. */
  const [searched, setSearched] = useState<string | null>(null);
  const suggest = useFetcher<{ name: string; tabs: MpTabMatches[]; failure: string | null }>();
  const key = text.trim();
  const ask = (name: string) => suggest.load(`/wechatsalevolume/suggest?${new URLSearchParams({ name })}`);
  useEffect(() => setText(params.get('name') ?? ''), [params]);
  useEffect(() => {
    if ([...key].length < MP_SUGGEST_MIN) return;
    const timer = setTimeout(() => ask(key), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const hrefOf = (id: number, name: string, of: MpType) => {
    const next = new URLSearchParams(params);
    next.set('type', String(of));
    next.set('id', String(id));
    next.set('name', name);
    return `?${next}`;
  };
  // The answer to what Enter searched: its exact match, or its only match, opens the chart.
  const answer = suggest.data && suggest.data.name === key ? suggest.data : null;
  useEffect(() => {
    if (searched === null || suggest.state !== 'idle' || suggest.data?.name !== searched) return;
    setSearched(null);
    const match = searchedMatch(suggest.data.tabs, type, searched);
    if (match) {
      setOpen(false);
      navigate(hrefOf(match.id, match.name, match.type), { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched, suggest.state, suggest.data]);
  const groups = matchGroups(answer?.tabs ?? [], type);
  return (
    <div className="mp-search">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (key === '') return;
          setSearched(key);
          ask(key);
          setOpen(true);
        }}
      >
        <input
          value={text}
          placeholder="请输入名称搜索"
          aria-label="搜索"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
        />
        <button type="submit" aria-label="搜索">
          <MpIcon name="search" />
        </button>
      </form>
      {open && groups.length > 0 ? (
        <ul className="mp-suggestions" role="listbox" aria-label="搜索结果">
          {groups.flatMap((group) => [
            ...(group.heading
              ? [
                  <li key={`tab-${group.type}`} role="presentation" className="mp-suggestions__tab">
                    {group.heading}
                  </li>,
                ]
              : []),
            ...group.matches.map((s) => (
              <li key={`${s.type}-${s.id}`} role="option" aria-selected={false}>
                <Link to={hrefOf(s.id, s.name, s.type)} replace onClick={() => setOpen(false)}>
                  {s.name}
                </Link>
              </li>
            )),
          ])}
        </ul>
      ) : null}
      {open && answer?.failure ? (
        <p className="mp-error" role="alert">
          {answer.failure}
        </p>
      ) : null}
      {open && answer && !answer.failure && groups.length === 0 && suggest.state === 'idle' ? <p className="mp-empty">没有找到“{key}”</p> : null}
    </div>
  );
}
