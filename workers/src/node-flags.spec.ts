import * as fs from 'node:fs';
import * as path from 'node:path';
import { WORKER_NODE_FLAGS } from './node-flags';

const root = path.resolve(__dirname, '..', '..');

/** The worker's V8 flags are written in three places a process is started from; they must not drift apart. */
describe('WORKER_NODE_FLAGS', () => {
  it('are the flags `npm run worker` starts the worker with', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { worker: string } };
    const script = scripts.worker;
    expect(script).toContain(`node ${WORKER_NODE_FLAGS.join(' ')} workers/dist/main.js`);
  });

  it('are the flags docker-compose.yml starts the worker with', () => {
    const compose = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const command = compose.split('\n').find((line) => line.includes('workers/dist/main.js'));
    expect(command).toBeDefined();
    const args = JSON.parse(command!.slice(command!.indexOf('['))) as string[];
    expect(args.slice(args.indexOf('workers/dist/main.js') - WORKER_NODE_FLAGS.length, args.indexOf('workers/dist/main.js'))).toEqual([...WORKER_NODE_FLAGS]);
  });
});
