/**
 * The phone page's icons (销量查询) as inline SVG drawn in the text's colour (decision 266): an emoji (📍 🔍) or a
 * dingbat (✕ ‹) is a glyph of whatever font the phone has, and a phone without an emoji font draws an empty box;
 * the page carries no icon font (no Semantic UI, decision 107). Decorative: the button or link holding one is named.
 */
const SHAPES = {
  pin: (
    <>
      <path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.4" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  back: <path d="m14.5 5.5-6.5 6.5 6.5 6.5" />,
} as const;

export type MpIconName = keyof typeof SHAPES;

export function MpIcon({ name }: { name: MpIconName }) {
  return (
    <svg
      className="mp-icon"
      viewBox="0 0 24 24"
      width="1.2em"
      height="1.2em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name]}
    </svg>
  );
}
