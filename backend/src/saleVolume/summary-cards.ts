import { formatMonth, growth, growthNumber, percentText, type Summary, thousands } from '@car/contracts';
import type { Volumes } from '../analytics/comparisons';

/**
 * The five cards in the contract's words (`Summary`): the one place the backend writes the spec's wire names for the
 * comparison volumes — `tb` is the same month a year earlier (tq), `ljTb` January to that month a year earlier (tqLj).
 */
export function summaryCards(v: Volumes, month: number): Summary {
  const yoy = growth(v.qty, v.tq);
  const mom = growth(v.qty, v.hb);
  const yearYoy = growth(v.lj, v.tqLj);
  return {
    qty: v.qty,
    qtyStr: thousands(v.qty),
    tb: v.tq,
    hb: v.hb,
    ljQty: v.lj,
    ljQtyStr: thousands(v.lj),
    ljTb: v.tqLj,
    yoy: growthNumber(yoy),
    yoys: percentText(yoy),
    mom: growthNumber(mom),
    moms: percentText(mom),
    yearYoy: growthNumber(yearYoy),
    yearYoys: percentText(yearYoy),
    time: formatMonth(month),
  };
}
