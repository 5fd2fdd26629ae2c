import { PassThrough, type Transform } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { withoutNulPadding } from './without-nul-padding.server';

/** The bytes React streams for `element`, through `through` when given. */
function streamed(element: JSX.Element, through?: Transform): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => (through ? pipe(through).pipe(sink) : pipe(sink)),
      onShellError: reject,
    });
  });
}

// Labels whose three-byte characters cross React's 2,048-byte views at every offset.
const page = (
  <main>
    {Array.from({ length: 400 }, (_, i) => (
      <input key={i} aria-label={`搜索子车系${'国'.repeat(i % 7)}`} />
    ))}
  </main>
);

describe('the page stream without NUL padding', () => {
  test('React pads a view that a Chinese character does not fit with NUL bytes', async () => {
    expect((await streamed(page)).includes(0)).toBe(true);
  });

  test('the stream keeps every byte but the padding, so the document reads as React rendered it', async () => {
    const raw = await streamed(page);
    const clean = await streamed(page, withoutNulPadding());
    expect(clean.includes(0)).toBe(false);
    expect(clean.toString('utf8')).toBe(raw.toString('utf8').replaceAll('\u0000', ''));
    expect(clean.toString('utf8')).not.toContain('\uFFFD');
    expect(clean.toString('utf8').match(/aria-label="搜索子车系/g)).toHaveLength(400);
  });
});
