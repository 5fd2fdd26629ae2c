import request from 'supertest';
import { API_PREFIX, DEMO_OPEN_ID } from '@car/contracts';
import { signLink } from '../../backend/src/mp/mp-link';
import { loadMpSecret } from '../../backend/src/mp/mp-session.service';
import type { ApiTarget } from './shared-app';
import { testEnv } from './test-env';

/** A link as the mini-program's back end signs it (the test app's secret in DATA_DIR), `ageSeconds` old. */
export function signedLink(openId: string, ageSeconds = 0): { openId: string; ts: string; sign: string } {
  const ts = Math.floor(Date.now() / 1000) - ageSeconds;
  return { openId, ts: String(ts), sign: signLink(loadMpSecret({ MP_SECRET: undefined, DATA_DIR: testEnv().dataDir }), openId, ts) };
}

/** An mp session of the demo openId (bound to the demo analyst by the seed). */
export async function demoMpSession(app: ApiTarget): Promise<string> {
  const response = await request(app.getHttpServer()).post(`${API_PREFIX}/mp/session`).send(signedLink(DEMO_OPEN_ID));
  if (response.body.code !== 1 || !response.body.result.session) throw new Error(`mp session: ${JSON.stringify(response.body)}`);
  return response.body.result.session as string;
}
