import { Transform } from 'node:stream';

/**
 * React 18.3's streaming renderer fills its output in 2,048-byte views; when a multi-byte character does not
 * fit the end of a view it sends the whole view, the unused bytes as NULs (U+0000), then the character in the
 * next. Chinese text meets that boundary on every long page: a NUL inside an attribute (`aria-label="搜索\0子车系"`)
 * breaks hydration and the page stays inert. A NUL is never part of the document (data in it is JSON-escaped),
 * so the padding is dropped here and the bytes are exactly what React meant to send.
 */
export function withoutNulPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
