import { PassThrough } from 'node:stream';
import type { DataSource } from 'typeorm';
import { CopyWriter, copyValue } from './copy-writer';

/** A CopyWriter on a stream standing in for COPY FROM STDIN: what it was sent, in order. */
async function captured(): Promise<{ writer: CopyWriter; sent: () => string; stream: PassThrough }> {
  const stream = new PassThrough({ highWaterMark: 64 });
  const parts: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  const client = { query: () => stream };
  const runner = { connect: () => Promise.resolve(client), release: () => Promise.resolve() };
  const dataSource = { createQueryRunner: () => runner } as unknown as DataSource;
  const writer = await CopyWriter.open(dataSource, 't', ['a', 'b']);
  return { writer, sent: () => Buffer.concat(parts).toString('utf8'), stream };
}

describe('CopyWriter', () => {
  it('sends every line once, in order, across chunk boundaries, with multi-byte text intact', async () => {
    const { writer, sent } = await captured();
    const lines: string[] = [];
    for (let i = 0; i < 120_000; i++) {
      const line = `${i}\t${i % 7 === 0 ? '北京市朝阳区' : 'x'.repeat(i % 13)}`;
      lines.push(line);
      writer.push(line);
      if (i % 1000 === 0) await writer.flushIfFull();
    }
    expect(await writer.close()).toBe(120_000);
    expect(sent()).toBe(`${lines.join('\n')}\n`);
  });

  it('sends a line longer than a chunk whole', async () => {
    const { writer, sent } = await captured();
    const long = '配'.repeat(400_000);
    writer.push('first');
    writer.push(long);
    writer.row(['a\tb', null]);
    await writer.close();
    expect(sent()).toBe(`first\n${long}\na\\tb\t\\N\n`);
  });

  it('leaves no listeners behind while waiting for the stream to drain', async () => {
    const { writer, stream } = await captured();
    for (let n = 0; n < 40; n++) {
      for (let i = 0; i < 40_000; i++) writer.push(`${n}\t${i}`);
      await writer.flushIfFull();
    }
    expect(stream.listenerCount('error')).toBeLessThanOrEqual(2);
    await writer.close();
  });

  it('escapes COPY text values', () => {
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(12)).toBe('12');
  });
});
