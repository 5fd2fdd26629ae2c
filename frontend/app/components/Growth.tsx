import { growthClass } from '~/utils/format';

/** A growth as the API sent it (number and text): teal up, pink down, '-' uncoloured (the contract's rule, decision 269). */
export function Growth({ value, text }: { value: number | null; text: string }) {
  return <span className={growthClass(value)}>{text}</span>;
}
