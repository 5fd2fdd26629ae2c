import {
  type PriceAttribution,
  type PriceAttributionRow,
  roundSettled,
  roundToTotal,
  type ShareAttribution,
  type ShareAttributionRow,
  type VolumeAttribution,
  type VolumeAttributionRow,
  WATERFALL_MOVERS,
  type WaterfallBar,
} from '@car/contracts';

/**
 * The three splits of 归因分析 (issue 50, decision 302) as pure arithmetic over what the query layer read: exact in
 * floating point, then rounded by `roundToTotal` so that every column shown adds up to its total shown. The service
 * reads, this file computes; `attribution.figures.spec.ts` works each split by hand.
 */

/** A member's volume in the two periods. */
export interface VolumePart {
  id: number;
  name: string;
  current: number;
  base: number;
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** A value shown to `decimals`: the display rule's rounding, without float dust (2.675 shown as 2.68 where exact). */
function rounded(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return roundSettled(value * scale) / scale || 0;
}

/**
 * §1: each member's change, its 拉动 (change ÷ the base total, in points) and its part of the change. The members
 * partition the scope, so the changes add up to the total's change exactly (integers) and the exact contributions to
 * the growth; rounded to one decimal by the largest remainder, the column adds up to the growth shown.
 */
export function volumeSplit(parts: readonly VolumePart[]): {
  total: VolumeAttribution['total'];
  rows: Array<Omit<VolumeAttributionRow, 'drill'>>;
  waterfall: WaterfallBar[];
} {
  const current = sum(parts.map((p) => p.current));
  const base = sum(parts.map((p) => p.base));
  const change = current - base;
  const changes = parts.map((p) => p.current - p.base);
  const growthExact = base > 0 ? (change * 100) / base : null;
  const contributions =
    growthExact === null
      ? null
      : roundToTotal(
          changes.map((c) => (c * 100) / base),
          1,
          growthExact,
        );
  const changeShares =
    change !== 0
      ? roundToTotal(
          changes.map((c) => (c * 100) / change),
          1,
          100,
        )
      : null;
  const rows = parts
    .map((p, i) => ({
      id: p.id,
      name: p.name,
      current: p.current,
      base: p.base,
      change: changes[i],
      contribution: contributions ? contributions[i] : null,
      changeShare: changeShares ? changeShares[i] : null,
    }))
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || b.current - a.current || a.id - b.id);
  const movers = rows.filter((r) => r.change !== 0);
  return {
    total: { current, base, change, growth: growthExact === null ? null : rounded(growthExact, 1) },
    rows,
    waterfall: waterfall(
      { name: '基期', value: base },
      movers.map((r) => ({ name: r.name, value: r.change })),
      { name: '本期', value: current },
    ),
  };
}

/**
 * A waterfall: the base level, the largest movers by size (at most WATERFALL_MOVERS; the rest summed as 其他), the
 * current level. Each change bar runs from the level before it to the level after.
 */
export function waterfall(
  start: { name: string; value: number },
  changes: ReadonlyArray<{ name: string; value: number }>,
  end: { name: string; value: number },
): WaterfallBar[] {
  const sorted = [...changes].sort((a, b) => Math.abs(b.value) - Math.abs(a.value));
  const shown = sorted.length > WATERFALL_MOVERS ? sorted.slice(0, WATERFALL_MOVERS - 1) : sorted;
  const rest = sorted.slice(shown.length);
  const steps = [
    ...shown.map((c) => ({ ...c, kind: 'change' as const })),
    ...(rest.length > 0 ? [{ name: `其他（${rest.length}）`, value: sum(rest.map((r) => r.value)), kind: 'other' as const }] : []),
  ];
  return barsOf(start, steps, end);
}

/** A part of the market in the two periods: the market's volume in it and the subject's. */
export interface SharePart {
  id: number;
  name: string;
  marketBase: number;
  marketCurrent: number;
  subjectBase: number;
  subjectCurrent: number;
}

/**
 * §2, shift-share: with wᵢ the part's weight in the market and sᵢ the subject's share within it, the share S = Σ wᵢsᵢ
 * and S_t − S_b = Σ Δwᵢ·sᵢ,b (mix) + Σ wᵢ,b·Δsᵢ (performance) + Σ Δwᵢ·Δsᵢ (interaction), exactly. A part the market
 * did not buy in a period has s = 0 there (its w is 0: the terms still add up). In points; the effects add up to the
 * shares' difference shown (two decimals), each column to its effect.
 */
export function shareSplit(parts: readonly SharePart[]): Pick<ShareAttribution, 'share' | 'effects' | 'rows' | 'waterfall'> {
  const marketBase = sum(parts.map((p) => p.marketBase));
  const marketCurrent = sum(parts.map((p) => p.marketCurrent));
  const weight = (qty: number, market: number) => (market > 0 ? qty / market : 0);
  const within = (qty: number, market: number) => (market > 0 ? qty / market : 0);
  const terms = parts.map((p) => {
    const wb = weight(p.marketBase, marketBase);
    const wt = weight(p.marketCurrent, marketCurrent);
    const sb = within(p.subjectBase, p.marketBase);
    const st = within(p.subjectCurrent, p.marketCurrent);
    return { wb, wt, sb, st, mix: (wt - wb) * sb * 100, performance: wb * (st - sb) * 100, interaction: (wt - wb) * (st - sb) * 100 };
  });
  const shareBase = marketBase > 0 ? (sum(parts.map((p) => p.subjectBase)) * 100) / marketBase : null;
  const shareCurrent = marketCurrent > 0 ? (sum(parts.map((p) => p.subjectCurrent)) * 100) / marketCurrent : null;
  const shown = { base: shareBase === null ? null : rounded(shareBase, 2), current: shareCurrent === null ? null : rounded(shareCurrent, 2) };
  const change = rounded((shown.current ?? 0) - (shown.base ?? 0), 2);
  const exact = { mix: sum(terms.map((t) => t.mix)), performance: sum(terms.map((t) => t.performance)), interaction: sum(terms.map((t) => t.interaction)) };
  const [mix, performance, interaction] = roundToTotal([exact.mix, exact.performance, exact.interaction], 2, change);
  const columns = {
    mix: roundToTotal(
      terms.map((t) => t.mix),
      2,
      mix,
    ),
    performance: roundToTotal(
      terms.map((t) => t.performance),
      2,
      performance,
    ),
    interaction: roundToTotal(
      terms.map((t) => t.interaction),
      2,
      interaction,
    ),
  };
  const percent = (fraction: number, market: number) => (market > 0 ? rounded(fraction * 100, 2) : null);
  const rows: ShareAttributionRow[] = parts.map((p, i) => ({
    id: p.id,
    name: p.name,
    weightBase: percent(terms[i].wb, marketBase),
    weightCurrent: percent(terms[i].wt, marketCurrent),
    shareBase: p.marketBase > 0 ? rounded(terms[i].sb * 100, 2) : null,
    shareCurrent: p.marketCurrent > 0 ? rounded(terms[i].st * 100, 2) : null,
    mix: columns.mix[i],
    performance: columns.performance[i],
    interaction: columns.interaction[i],
    total: rounded(columns.mix[i] + columns.performance[i] + columns.interaction[i], 2),
  }));
  rows.sort((a, b) => Math.abs(b.total) - Math.abs(a.total) || a.id - b.id);
  return {
    share: { ...shown, change },
    effects: { mix, performance, interaction },
    rows,
    waterfall: effectsWaterfall(
      { name: '基期份额', value: shown.base ?? 0 },
      [
        { name: '结构效应', value: mix },
        { name: '表现效应', value: performance },
        { name: '交互效应', value: interaction },
      ],
      { name: '本期份额', value: shown.current ?? 0 },
    ),
  };
}

/** An item (a trim, or a sub-series) of a price split: its volume and Σ value × volume in each period, in yuan. */
export interface PriceItem {
  id: number;
  name: string;
  qtyBase: number;
  qtyCurrent: number;
  /** Σ TP × volume (or Σ (MSRP − TP) × volume) of the period. */
  sumBase: number;
  sumCurrent: number;
}

/**
 * §3: the weighted value P = Σ sum ÷ Σ qty of each period. Over the items sold in both periods (C), with weights ω
 * within C: P_t^C − P_b^C = Σ ω_b·Δp (price) + Σ Δω·(p_b − P_b^C) (mix: toward dearer or cheaper items) + Σ Δω·Δp
 * (interaction); the items sold in one period only are their own effects: entry (new) P_t − P_t^C, each new item
 * q_t·(p_t − P_t^C) ÷ Q_t, and exit (run-out) P_b^C − P_b, each gone item −q_b·(p_b − P_b^C) ÷ Q_b. The five add up to
 * P_t − P_b exactly; shown in whole yuan, to the difference of the two values shown (the price pages' whole yuan).
 * With no item common to both periods P^C is taken as P_b: the whole change is entry (P_t − P_b), no other term.
 * `asShown`: the two values as the price pages show them, where the caller read them (the discount there is the MSRP
 * shown less the TP shown, which may be a yuan off the exact discount rounded): the effects then add up to their
 * difference.
 */
export function priceSplit(
  items: readonly PriceItem[],
  asShown?: { base: number; current: number },
): Pick<PriceAttribution, 'value' | 'effects' | 'rows' | 'waterfall'> | null {
  const qb = sum(items.map((i) => i.qtyBase));
  const qt = sum(items.map((i) => i.qtyCurrent));
  if (!(qb > 0) || !(qt > 0)) return null;
  const pb = sum(items.map((i) => i.sumBase)) / qb;
  const pt = sum(items.map((i) => i.sumCurrent)) / qt;
  const common = items.filter((i) => i.qtyBase > 0 && i.qtyCurrent > 0);
  const qbC = sum(common.map((i) => i.qtyBase));
  const qtC = sum(common.map((i) => i.qtyCurrent));
  const pbC = common.length > 0 ? sum(common.map((i) => i.sumBase)) / qbC : pb;
  const ptC = common.length > 0 ? sum(common.map((i) => i.sumCurrent)) / qtC : pb;
  const terms = items.map((i) => {
    const valueBase = i.qtyBase > 0 ? i.sumBase / i.qtyBase : null;
    const valueCurrent = i.qtyCurrent > 0 ? i.sumCurrent / i.qtyCurrent : null;
    if (valueBase !== null && valueCurrent !== null) {
      const wb = i.qtyBase / qbC;
      const wt = i.qtyCurrent / qtC;
      const dp = valueCurrent - valueBase;
      return {
        status: 'both' as const,
        wb,
        wt,
        valueBase,
        valueCurrent,
        price: wb * dp,
        mix: (wt - wb) * (valueBase - pbC),
        interaction: (wt - wb) * dp,
        newOrGone: 0,
      };
    }
    if (valueCurrent !== null) {
      return {
        status: 'new' as const,
        wb: null,
        wt: i.qtyCurrent / qt,
        valueBase,
        valueCurrent,
        price: 0,
        mix: 0,
        interaction: 0,
        newOrGone: (i.qtyCurrent * (valueCurrent - ptC)) / qt,
      };
    }
    return {
      status: 'gone' as const,
      wb: i.qtyBase / qb,
      wt: null,
      valueBase,
      valueCurrent,
      price: 0,
      mix: 0,
      interaction: 0,
      newOrGone: (-i.qtyBase * ((valueBase ?? 0) - pbC)) / qb,
    };
  });
  const shown = asShown ?? { base: Math.round(pb), current: Math.round(pt) };
  const change = shown.current - shown.base;
  const exact = {
    price: sum(terms.map((t) => t.price)),
    mix: sum(terms.map((t) => t.mix)),
    interaction: sum(terms.map((t) => t.interaction)),
    entry: sum(terms.filter((t) => t.status === 'new').map((t) => t.newOrGone)),
    exit: sum(terms.filter((t) => t.status === 'gone').map((t) => t.newOrGone)),
  };
  const [price, mix, interaction, entry, exit] = roundToTotal([exact.price, exact.mix, exact.interaction, exact.entry, exact.exit], 0, change);
  const column = (values: number[], total: number) => roundToTotal(values, 0, total);
  const prices = column(
    terms.map((t) => t.price),
    price,
  );
  const mixes = column(
    terms.map((t) => t.mix),
    mix,
  );
  const interactions = column(
    terms.map((t) => t.interaction),
    interaction,
  );
  // New items' terms add up to entry, gone items' to exit: each group rounded to its own effect.
  const newOrGone = terms.map(() => 0);
  for (const [status, total] of [
    ['new', entry],
    ['gone', exit],
  ] as const) {
    const indices = terms.flatMap((t, k) => (t.status === status ? [k] : []));
    if (indices.length > 0)
      roundToTotal(
        indices.map((k) => terms[k].newOrGone),
        0,
        total,
      ).forEach((v, j) => (newOrGone[indices[j]] = v));
  }
  const percent = (fraction: number | null) => (fraction === null ? null : rounded(fraction * 100, 2));
  const rows: PriceAttributionRow[] = items.map((item, k) => ({
    id: item.id,
    name: item.name,
    status: terms[k].status,
    qtyBase: item.qtyBase,
    qtyCurrent: item.qtyCurrent,
    weightBase: percent(terms[k].wb),
    weightCurrent: percent(terms[k].wt),
    valueBase: terms[k].valueBase === null ? null : Math.round(terms[k].valueBase),
    valueCurrent: terms[k].valueCurrent === null ? null : Math.round(terms[k].valueCurrent),
    price: prices[k],
    mix: mixes[k],
    interaction: interactions[k],
    newOrGone: newOrGone[k],
  }));
  const size = (r: PriceAttributionRow) => Math.abs(r.price) + Math.abs(r.mix) + Math.abs(r.interaction) + Math.abs(r.newOrGone);
  rows.sort((a, b) => size(b) - size(a) || b.qtyCurrent - a.qtyCurrent || a.id - b.id);
  const bars = [
    { name: '价格效应', value: price },
    { name: '结构效应', value: mix },
    { name: '交互效应', value: interaction },
    { name: '新品效应', value: entry },
    { name: '退市效应', value: exit },
  ];
  return {
    value: { ...shown, change },
    effects: { price, mix, interaction, entry, exit },
    rows,
    waterfall: effectsWaterfall({ name: '基期', value: shown.base }, bars, { name: '本期', value: shown.current }),
  };
}

/** A waterfall of named effects in their own order (all of them, a zero effect too): base, the effects, current. */
export function effectsWaterfall(
  start: { name: string; value: number },
  effects: ReadonlyArray<{ name: string; value: number }>,
  end: { name: string; value: number },
): WaterfallBar[] {
  return barsOf(
    start,
    effects.map((e) => ({ ...e, kind: 'change' as const })),
    end,
  );
}

/** The bars from the base level through each step to the current level, each step from the level before it to the next (to two decimals, the points'). */
function barsOf(
  start: { name: string; value: number },
  steps: ReadonlyArray<{ name: string; value: number; kind: 'change' | 'other' }>,
  end: { name: string; value: number },
): WaterfallBar[] {
  const bars: WaterfallBar[] = [{ name: start.name, kind: 'base', value: start.value, from: 0, to: start.value }];
  let level = start.value;
  for (const step of steps) {
    const next = rounded(level + step.value, 2);
    bars.push({ name: step.name, kind: step.kind, value: step.value, from: level, to: next });
    level = next;
  }
  bars.push({ name: end.name, kind: 'current', value: end.value, from: 0, to: end.value });
  return bars;
}
