import { SUGGESTION_RULE, type SuggestedMember, type SuggestedSet } from '@car/contracts';

/** A sub-series with what the suggestion rule reads of it over the months: retail volume and volume-weighted TP. */
export interface SubSeriesFigures extends SuggestedMember {
  producerId: number;
  segmentId: number;
  segmentName: string;
  bodyType: number;
  bodyTypeName: string;
}

const member = (s: SubSeriesFigures): SuggestedMember => ({ id: s.id, name: s.name, producerName: s.producerName, qty: s.qty, tp: s.tp });

/** Larger volume first; the smaller id on a tie, so the same data always suggests the same sets. */
const byVolume = (a: SubSeriesFigures, b: SubSeriesFigures): number => b.qty - a.qty || a.id - b.id;

/**
 * The suggested sets (issue 49 §1, decision 296): for each of the producer's five best-selling sub-series over the
 * months (retail, with a TP: one without cannot be placed), the other producers' sub-series of the same segment and
 * body type whose volume-weighted TP lies within ±20 % of 本品's, the five largest by volume. `priced` holds every
 * sub-series that sold and has a TP in the months.
 */
export function suggestSets(producerId: number, priced: readonly SubSeriesFigures[]): SuggestedSet[] {
  const own = priced
    .filter((s) => s.producerId === producerId && s.qty > 0)
    .sort(byVolume)
    .slice(0, SUGGESTION_RULE.ownBestSellers);
  return own.map((o) => {
    const window = o.tp * SUGGESTION_RULE.tpWindow;
    const rivals = priced
      .filter((s) => s.producerId !== producerId && s.segmentId === o.segmentId && s.bodyType === o.bodyType && s.qty > 0 && Math.abs(s.tp - o.tp) <= window)
      .sort(byVolume)
      .slice(0, SUGGESTION_RULE.rivals);
    return { name: `${o.name} 竞品`, own: member(o), segmentName: o.segmentName, bodyTypeName: o.bodyTypeName, rivals: rivals.map(member) };
  });
}
