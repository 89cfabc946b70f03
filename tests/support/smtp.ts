// A mail server on 127.0.0.1 for tests that run the store as its own process and point SMTP_URL at
// it: plain SMTP, any sender, and what happens to each message is the test's `onData`.
import type { AddressInfo } from 'node:net';

import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface TestSmtp {
  /** The SMTP_URL setting that reaches it. */
  url: string;
  close(): Promise<void>;
}

export async function startTestSmtp(onData: NonNullable<SMTPServerOptions['onData']>): Promise<TestSmtp> {
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
