/**
 * The 群机器人 form as the contract's body (admin/robots/create, update): a checkbox is `enabled` true or
 * false, an empty producer is none (everyone's robot), an empty URL or secret on an edit keeps the stored one,
 * 清除密钥 is `clearSecret`. The API checks every field again.
 */
export function robotBody(form: FormData): Record<string, string | number | boolean> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const body: Record<string, string | number | boolean> = { name: text('name'), service: text('service'), enabled: form.get('enabled') === 'on' };
  if (text('id')) body.id = text('id');
  if (text('producerId')) body.producerId = text('producerId');
  if (text('url')) body.url = text('url');
  if (text('secret')) body.secret = text('secret');
  if (text('id') && form.get('clearSecret') === 'on') body.clearSecret = true;
  return body;
}
