/** The platform runs on generated figures until real data is imported; every analyst must know it. */
export function DemoDataNote({ className = '' }: { className?: string }) {
  return <p className={`demo-note ${className}`.trim()}>平台中的销量、价格等数字均为演示数据，不代表真实市场表现。</p>;
}
