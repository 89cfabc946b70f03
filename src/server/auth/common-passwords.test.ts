import { describe, expect, it } from 'vitest';

import { loadConfig, type ConfigError } from '../config.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';

const context = { storeName: 'Trap the Trend', email: 'riya.kapoor91@example.test' };

/** What people type to meet a letter first, a digit and a symbol: a listed password or word, decorated. */
const DECORATED = [
  'Password@1',
  'Password@123',
  'India@123',
  'Welcome@123',
  'Admin@123',
  'P@ssw0rd1',
  'Pa$$word1',
  'Qwerty@123',
  'Krishna@1995',
  'Mumbai#2024',
  'Sachin10@',
  'Ind!a@123',
  'Summer2024!',
  'Monkey$99',
  'Dragon@007',
  'Cricket@11',
  'Iloveyou@1',
  'Sunshine1!',
  'Football@10',
  'L0nd0n@12',
  'H3ll0@123',
  'Street@2026',
];

describe('the common-password check', () => {
  it('knows the most common passwords, whatever their case', () => {
    for (const common of ['123456', 'password', 'qwerty', 'P@ssw0rd', 'PA$$W0RD']) {
      expect(isCommonPassword(common)).toBe(true);
    }
  });

  it('sees through the decorations the composition rule forces', () => {
    expect(DECORATED.length).toBeGreaterThanOrEqual(20);
    expect(DECORATED.filter((password) => !isCommonPassword(password, context))).toEqual([]);
  });

  it('refuses a password that is all decoration', () => {
    for (const password of ['Abc@12345', 'A@12345678', 'Xy!99999']) expect(isCommonPassword(password)).toBe(true);
  });

  it("refuses the store's name and the email's name part, decorated or not", () => {
    for (const password of ['Trapthetrend@1', 'TrapTheTrend2026!', 'MyTrapTheTrend@1', 'Trend@2026']) {
      expect(isCommonPassword(password, context)).toBe(true);
    }
    for (const password of ['Riya@2001', 'Kapoor@123', 'Riyakapoor@1', 'Riya.Kapoor91!']) {
      expect(isCommonPassword(password, context)).toBe(true);
      // Someone else's name is no weaker than any other uncommon word.
      expect(isCommonPassword(password, { ...context, email: 'meera@example.test' })).toBe(false);
    }
  });

  it('lets strong passwords through', () => {
    const strong = [
      'Kx7#pLm2qRz',
      'Zebra!Kettle42Moss',
      'Vq8$eT3wLn',
      'Mangrove&Quill9',
      'Bxr4%Tundra7Ph',
      'Jh2@vmPq9!',
      'Tiffin@Rickshaw92',
    ];
    expect(strong.filter((password) => isCommonPassword(password, context))).toEqual([]);
  });

  it('refuses a common ADMIN_PASSWORD at start, the store name and the email name part too', () => {
    for (const [email, password] of [
      ['boss@example.test', 'P@ssw0rd'],
      ['boss@example.test', 'Admin@123'],
      ['boss@example.test', 'Trapthetrend@1'],
      ['vikram@example.test', 'Vikram@2026'],
    ] as const) {
      let problems: string[] = [];
      try {
        loadConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
      } catch (error) {
        problems = (error as ConfigError).problems;
      }
      expect(problems).toEqual([`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`]);
    }
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'Tiffin@Rickshaw92' }).admin).toBeDefined();
  });
});
