/**
 * What makes a semantic-ui Modal a modal dialog to assistive technology (semantic-ui gives its `.ui.modal`
 * no role): role="dialog", aria-modal and the id of its visible title. Spread onto the Modal; give the
 * title element the same id. Escape closes a Modal (closeOnEscape) through its onClose.
 */
export function modalDialogProps(titleId: string): { role: 'dialog'; 'aria-modal': true; 'aria-labelledby': string } {
  return { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId };
}
