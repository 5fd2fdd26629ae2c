/**
 * Which pages this build has, read from the route files themselves, so a menu never links to a page
 * that does not exist yet whatever the menus call returns. Flat-route names: `_shell.salevolume.wholemarket.tsx`
 * is `/salevolume/wholemarket`; `$id` matches one segment, `$` the rest.
 */
const routeFiles = Object.keys(import.meta.glob(['../routes/*.tsx', '../routes/*/route.tsx']));

type Segment = { kind: 'static'; value: string } | { kind: 'param' } | { kind: 'splat' };

function patternOf(file: string): Segment[] {
  const name = file
    .replace(/^\.\.\/routes\//, '')
    .replace(/\/route\.tsx$/, '')
    .replace(/\.tsx$/, '');
  const pattern: Segment[] = [];
  // `[.]` escapes a dot inside a segment.
  for (const raw of name.split(/\.(?![^[]*\])/)) {
    const segment = raw.replace(/\[(.*?)\]/g, '$1');
    if (segment.startsWith('_')) continue; // pathless layout or index
    const value = segment.replace(/_$/, '');
    if (value === '$') pattern.push({ kind: 'splat' });
    else if (value.startsWith('$')) pattern.push({ kind: 'param' });
    else pattern.push({ kind: 'static', value: value.toLowerCase() });
  }
  return pattern;
}

// A catch-all `$.tsx` (a not-found page) is not a page a menu may point to.
const pagePatterns: Segment[][] = routeFiles.map(patternOf).filter((pattern) => !(pattern.length === 1 && pattern[0].kind === 'splat'));

function matches(pattern: Segment[], segments: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part.kind === 'splat') return true;
    const segment = segments[i];
    if (segment === undefined) return false;
    if (part.kind === 'static' && part.value !== segment) return false;
  }
  return pattern.length === segments.length;
}

export function pageExists(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return pagePatterns.some((pattern) => matches(pattern, segments));
}
