import { describe, expect, it } from 'vitest';

import { loadConfig, type ConfigError } from '../config.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';

describe('the common-password list', () => {
  it('knows the most common passwords, whatever their case, and not a chosen one', () => {
    for (const common of ['123456', 'password', 'qwerty', 'P@ssw0rd', 'PA$$W0RD']) {
      expect(isCommonPassword(common)).toBe(true);
    }
    expect(isCommonPassword('Street@2026')).toBe(false);
  });

  it('refuses a common ADMIN_PASSWORD at start', () => {
    let problems: string[] = [];
    try {
      loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'P@ssw0rd' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`]);
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'Street@2026' }).admin).toBeDefined();
  });
});
