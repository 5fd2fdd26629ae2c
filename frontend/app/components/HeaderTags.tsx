/** The chosen filters as tags above a page (spec: chosen time, data source, segment, fuels, producer property …). */
import { Label } from 'semantic-ui-react';

import type { HeaderTag } from '@car/contracts';

export type { HeaderTag };

export function HeaderTags({ tags }: { tags: HeaderTag[] }) {
  return (
    <div className="header-tags" aria-label="当前筛选条件">
      {tags.map((tag) => (
        <Label key={tag.label} basic className="header-tags__tag">
          {tag.label}
          <Label.Detail>{tag.value}</Label.Detail>
        </Label>
      ))}
    </div>
  );
}
