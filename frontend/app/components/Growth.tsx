import { growthClass } from '~/utils/format';

/** A growth as the API sent it (number and text): green up, red down, '-' uncoloured (the contract's rule). */
export function Growth({ value, text }: { value: number | null; text: string }) {
  return <span className={growthClass(value)}>{text}</span>;
}
