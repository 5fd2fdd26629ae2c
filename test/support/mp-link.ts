import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { API_PREFIX, DEMO_OPEN_ID, MP_LINK_SECONDS } from '@car/contracts';
import { LinkSigner, type SignedLinkFields } from '../../backend/src/mp/mp-link';
import { loadMpSecret } from '../../backend/src/mp/mp-session.service';
import type { ApiTarget } from './shared-app';
import { testEnv } from './test-env';

/**
 * The links the test processes have signed, one empty file `<openId>.<ts>` each, made with an exclusive create: a
 * link opens one session or makes one binding (decision 263), and two test files of one run (each its own module
 * registry, maybe its own process) must never sign the same link, nor one `npm run mp-link` printed.
 */
const CLAIMS = path.join(os.tmpdir(), 'car-test-mp-links');

/** Whether this process claimed `<openId>.<ts>` first. */
function claimed(openId: string, ts: string): boolean {
  try {
    fs.writeFileSync(path.join(CLAIMS, `${openId}.${ts}`), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Makes the folder and forgets the claims of links stale for a while (their ts can come round no more). */
function claims(): void {
  fs.mkdirSync(CLAIMS, { recursive: true });
  const forgotten = Math.floor(Date.now() / 1000) - MP_LINK_SECONDS - 3600;
  for (const name of fs.readdirSync(CLAIMS)) {
    if (Number(name.slice(name.lastIndexOf('.') + 1)) < forgotten) fs.rmSync(path.join(CLAIMS, name), { force: true });
  }
}

/** One signer per data folder (its app's secret). */
const signers = new Map<string, LinkSigner>();

function signer(): LinkSigner {
  const dataDir = testEnv().dataDir;
  let found = signers.get(dataDir);
  if (!found) {
    if (signers.size === 0) claims();
    found = new LinkSigner(loadMpSecret({ MP_SECRET: undefined, DATA_DIR: dataDir }));
    signers.set(dataDir, found);
  }
  return found;
}

/**
 * A link as the mini-program's back end signs it (the test app's secret in DATA_DIR), `ageSeconds` old (or a few
 * seconds older), never one signed before in this run: it opens one session or makes one binding (decision 263).
 */
export function signedLink(openId: string, ageSeconds = 0): SignedLinkFields {
  const links = signer();
  for (;;) {
    const link = links.sign(openId, ageSeconds);
    if (claimed(openId, link.ts)) return link;
  }
}

/** A link another process signed (`npm run mp-link`): `signedLink` will not sign the same one. */
export function signedElsewhere(link: string): void {
  const params = new URL(link).searchParams;
  const [openId, ts] = [params.get('openId') ?? '', params.get('ts') ?? ''];
  signer().taken(openId, Number(ts));
  claimed(openId, ts);
}

/** An mp session of the demo openId (bound to the demo analyst by the seed). */
export async function demoMpSession(app: ApiTarget): Promise<string> {
  const response = await request(app.getHttpServer()).post(`${API_PREFIX}/mp/session`).send(signedLink(DEMO_OPEN_ID));
  if (response.body.code !== 1 || !response.body.result.session) throw new Error(`mp session: ${JSON.stringify(response.body)}`);
  return response.body.result.session as string;
}
