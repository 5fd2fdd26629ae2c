import type { MakerKind } from '@car/contracts';

/** Whom a producer/brand call is about, as the service resolved it (the wire types are in @car/contracts). */
export interface Maker {
  kind: MakerKind;
  id: number;
  name: string;
}
