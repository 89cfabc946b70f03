// A stream a test hands to a logger, keeping each line the logger writes so the test can read it.
import { Writable } from 'node:stream';

export function logSink(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, lines };
}
