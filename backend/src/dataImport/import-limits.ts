/**
 * A file refused for what it would make the process hold (decision 138): too long a record or cell, too many
 * rows or columns, an .xlsx part that inflates past its limit. The import ends failed with `reason`, in Chinese.
 */
export class ImportFileRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ImportFileRefused';
  }
}
