/**
 * The price charts' second axis with the spec's break (001 §9: floor 55, break 50 to 100): values up to
 * 50 are drawn as they are; the stretch from 50 to 100 is squeezed into 50…55 (the floor of what lies
 * above the break), and values past 100 continue from 55 at full scale. So a rate of 10-20 % keeps its
 * detail while an outlier (a discount rate of 90 %, a price index of 100) still fits, its ticks labelled
 * with the real values.
 */
import { PRICE_AXIS_BREAK } from '@car/contracts';

const { floor, from, to } = PRICE_AXIS_BREAK;
const SQUEEZE = (floor - from) / (to - from);

/** Where a value is drawn on the broken axis. */
export function toBrokenAxis(value: number): number {
  if (value <= from) return value;
  if (value <= to) return from + (value - from) * SQUEEZE;
  return floor + (value - to);
}

/** The real value at a point of the broken axis (tick labels). */
export function fromBrokenAxis(drawn: number): number {
  if (drawn <= from) return drawn;
  if (drawn <= floor) return from + (drawn - from) / SQUEEZE;
  return to + (drawn - floor);
}

/** Whether any value needs the break (otherwise the axis is drawn plain). */
export function needsBreak(values: ReadonlyArray<number | null>): boolean {
  return values.some((v) => v !== null && v > from);
}
