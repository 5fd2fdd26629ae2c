/** Months are integers YYYYMM inside the system and 'YYYY-MM' on the wire. */

/** A month of 1900-2099: a year outside it is no market month, and year 0 is one PostgreSQL refuses. */
export const MONTH_PATTERN = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

export function parseMonth(text: string): number {
  const [y, m] = text.split('-').map(Number);
  return y * 100 + m;
}

export function formatMonth(month: number): string {
  return `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`;
}

export function addMonths(month: number, n: number): number {
  const index = Math.floor(month / 100) * 12 + (month % 100) - 1 + n;
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

export function yearOf(month: number): number {
  return Math.floor(month / 100);
}

export function quarterOf(month: number): number {
  return Math.floor(((month % 100) + 2) / 3);
}

/** Every month from `from` to `to`, both included. */
export function monthRange(from: number, to: number): number[] {
  const months: number[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) months.push(m);
  return months;
}
