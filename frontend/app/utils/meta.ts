import type { MetaDescriptor } from '@remix-run/node';

export const SYSTEM_NAME = '车市分析平台';

/** The document title of a route: its own title, then the system's name. */
export function titled(title: string): MetaDescriptor[] {
  return [{ title: `${title} - ${SYSTEM_NAME}` }];
}
