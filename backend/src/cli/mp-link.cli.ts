import { DEMO_OPEN_ID } from '@car/contracts';
import { loadConfig } from '../config/config';
import { signLink } from '../mp/mp-link';
import { loadMpSecret } from '../mp/mp-session.service';

/**
 * `npm run mp-link -- [--openId X] [--base http://localhost:3000] [--province 440000 --city 440300]`: prints a
 * /wechatsalevolume link signed now with MP_SECRET (or the secret made in DATA_DIR), good for 10 minutes and one
 * session or binding (decision 263) — what the mini-program's back end would hand the phone. Without --openId it is
 * the demo analyst's.
 */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const config = loadConfig();
const openId = option('openId') ?? DEMO_OPEN_ID;
const ts = Math.floor(Date.now() / 1000);
const params = new URLSearchParams({ openId, ts: String(ts), sign: signLink(loadMpSecret(config), openId, ts) });
const province = option('province');
const city = option('city');
if (province) params.set('provinceId', province);
if (city) params.set('provincecityId', city);
const base = option('base') ?? `http://localhost:${config.PORT}`;
process.stdout.write(`${base}/wechatsalevolume?${params}\n`);
