import { Link, useFetcher, useNavigate, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { MP_SUGGEST_MIN, type MpType } from '@car/contracts';

/**
 * The phone page's search box (销量查询, spec 001 §5): suggestions while typing from MP_SUGGEST_MIN
 * characters; Enter or 🔍 searches whatever the length, and an exact match of the text (or the only
 * match) opens its chart at once, else the matches are listed to choose from.
 */
export function MpSearch({ type }: { type: MpType }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(params.get('name') ?? '');
  const [open, setOpen] = useState(false);
  /** The text Enter or 🔍 searched, until its answer has come. */
  const [searched, setSearched] = useState<string | null>(null);
  const suggest = useFetcher<{ name: string; list: Array<{ id: number; name: string }>; failure: string | null }>();
  const key = text.trim();
  const ask = (name: string) => suggest.load(`/wechatsalevolume/suggest?${new URLSearchParams({ type: String(type), name })}`);
  useEffect(() => setText(params.get('name') ?? ''), [params]);
  useEffect(() => {
    if ([...key].length < MP_SUGGEST_MIN) return;
    const timer = setTimeout(() => ask(key), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, type]);
  const hrefOf = (id: number, name: string) => {
    const next = new URLSearchParams(params);
    next.set('type', String(type));
    next.set('id', String(id));
    next.set('name', name);
    return `?${next}`;
  };
  // The answer to what Enter searched: its exact match, or its only match, opens the chart.
  const answer = suggest.data && suggest.data.name === key ? suggest.data : null;
  useEffect(() => {
    if (searched === null || suggest.state !== 'idle' || suggest.data?.name !== searched) return;
    setSearched(null);
    const { list } = suggest.data;
    const match = list.find((s) => s.name.toLowerCase() === searched.toLowerCase()) ?? (list.length === 1 ? list[0] : undefined);
    if (match) {
      setOpen(false);
      navigate(hrefOf(match.id, match.name), { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched, suggest.state, suggest.data]);
  const list = answer?.list ?? [];
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
          🔍
        </button>
      </form>
      {open && list.length > 0 ? (
        <ul className="mp-suggestions" role="listbox">
          {list.map((s) => (
            <li key={s.id} role="option" aria-selected={false}>
              <Link to={hrefOf(s.id, s.name)} replace onClick={() => setOpen(false)}>
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {open && answer?.failure ? (
        <p className="mp-error" role="alert">
          {answer.failure}
        </p>
      ) : null}
      {open && answer && !answer.failure && list.length === 0 && suggest.state === 'idle' ? <p className="mp-empty">没有找到“{key}”</p> : null}
    </div>
  );
}
