import { Injectable } from '@nestjs/common';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import type { SessionUser } from '../security/session-user';

/** What every page's deck reads besides its figures: the line of the user's producer or brand on the title slide. */
@Injectable()
export class DeckService {
  constructor(private readonly ids: ReferenceIdsRepository) {}

  /** '厂商/品牌：一汽-大众 / 大众', '厂商：…' or '品牌：…' for an account with a producer or brand; none for the others. */
  async maker(user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<string | undefined> {
    const [producers, brands] = await Promise.all([
      this.ids.names('producer', user.producerId === null ? [] : [user.producerId]),
      this.ids.names('brand', user.brandId === null ? [] : [user.brandId]),
    ]);
    const producer = user.producerId === null ? undefined : producers.get(user.producerId);
    const brand = user.brandId === null ? undefined : brands.get(user.brandId);
    if (producer && brand) return `厂商/品牌：${producer} / ${brand}`;
    if (producer) return `厂商：${producer}`;
    return brand ? `品牌：${brand}` : undefined;
  }
}
