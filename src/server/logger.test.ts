import { describe, expect, it } from 'vitest';

import { logSink } from '../../tests/support/log-sink.ts';
import { createLogger } from './logger.ts';

function capture() {
  const { stream, lines } = logSink();
  return { logger: createLogger('info', stream), output: () => lines.join('') };
}

/** Checks that none of the personal values or secrets reached the log output. */
function expectNoneLogged(output: string, values: string[]) {
  for (const value of values) expect(output, value).not.toContain(value);
}

describe('the logger', () => {
  it('censors personal fields and secrets wherever they sit', () => {
    const { logger, output } = capture();
    logger.info(
      {
        email: 'riya@example.test',
        user: { phone: '9876543210', name: 'Riya' },
        body: { password: 'Street@2026', token: 'abc123' },
        details: [{ email: 'riya@example.test' }],
      },
      'signed up',
    );
    const line = output();
    expectNoneLogged(line, ['riya@example.test', '9876543210', 'Street@2026', 'abc123']);
    expect(line).toContain('[redacted]');
    expect(line).toContain('"name":"Riya"');
  });

  it('scrubs email addresses, phone numbers and token parameters out of messages and errors', () => {
    const { logger, output } = capture();
    logger.warn('could not mail riya@example.test at +91 98765 43210 or 9876543210');
    logger.info('link /reset-password?token=s3cr3t-token&x=1 sent');
    logger.error({ err: new Error('550 <riya@example.test>: mailbox unavailable') }, 'mail failed');
    const text = output();
    expectNoneLogged(text, ['riya@example.test', '9876543210', '98765 43210', 's3cr3t-token']);
    expect(text).toContain('[email]');
    expect(text).toContain('token=[redacted]');
    expect(text).toContain('mailbox unavailable');
  });
  it('logs what was thrown when it is not an Error (a Response, a string) instead of failing', () => {
    const { logger, output } = capture();
    logger.error({ err: new Response('Not Found', { status: 404 }) }, 'route error');
    logger.error({ err: 'mail to riya@example.test failed' }, 'plain string');
    const lines = output().trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"msg":"route error"');
    expect(lines[1]).toContain('[email]');
    expect(lines[1]).not.toContain('riya@example.test');
  });
});
