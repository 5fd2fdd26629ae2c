/** A text field of a posted form: '' when it is missing or was sent as a file (never "[object File]"). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
