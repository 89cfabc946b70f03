// Passwords that appear in breach lists are the first an attacker tries, whatever the composition
// rules (ASVS 5.0 V6.2.4, OWASP authentication cheat sheet). The list is zxcvbn's "passwords"
// dictionary (package @zxcvbn-ts/language-common, MIT): 49,233 passwords ordered by how often they
// appear in leaked password sets, all lower case, with the same package's 7,776 common English
// words (its diceware list). It is server-only: about 400 KB that the browser must never
// download, so the shared zod schemas (src/common) do not know it and the services add this rule
// on the server.
//
// Few listed passwords satisfy the store's composition rule (a letter first, a digit, a symbol),
// so the list alone would refuse almost nothing people type: they meet the rule by decorating a
// word ('India@123', 'P@ssw0rd1'). What is left once the decorations are taken off (digits and
// symbols at the ends, common substitutions such as 0 for o or @ for a) is what an attacker's
// rules-based guessing starts from, so it is checked against the lists, the store's name and the
// name part of the account's email (ADR 0035).
import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { isPwnedPassword } from './pwned-passwords.ts';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** What a password is also checked against: the store's name and the email of its account. */
export interface PasswordContext {
  storeName: string;
  email: string | undefined;
}

let common: ReadonlySet<string> | undefined;

/** Characters people put for letters, and the letters they stand for. */
const SUBSTITUTES: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '!': ['i', 'l'],
  '3': ['e'],
  '4': ['a'],
  '@': ['a'],
  $: ['s'],
  '5': ['s'],
  '7': ['t'],
};
/** Spellings tried per password at most: each 1 or ! doubles them. */
const MAX_SPELLINGS = 64;
/** Fewer characters than this left once the decorations are off: the password is all decoration. */
const MIN_LEFT = 4;
/** A name part this long or longer is refused inside a password too, not only as all of it. */
const MIN_CONTAINED_NAME = 5;

/**
 * Whether the password, or what is left of it without its decorations, is a common password or
 * word, the store's name, or the email's name part. Case is ignored, as the lists are lower case.
 */
export function isCommonPassword(candidate: string, context?: PasswordContext): boolean {
  common ??= new Set([...dictionary['passwords-common'], ...dictionary['diceware-common']]);
  const whole = candidate.toLowerCase();
  if (common.has(whole)) return true;
  const names = context ? forbiddenNames(context) : { whole: [], parts: new Set<string>() };
  const cores = undecorated(whole);
  if (cores[0]!.length < MIN_LEFT) return true;
  return cores.some((core) =>
    spellings(core).some(
      (left) =>
        common!.has(left) ||
        names.parts.has(left) ||
        names.whole.some((name) => left.replace(/[^a-z]/g, '').includes(name)),
    ),
  );
}

/**
 * The password without its decorations: every way of taking digits and symbols off its ends, as a
 * 0 or @ there may be a letter's stand-in ('H3ll0@123'). The first has them all off.
 */
function undecorated(lowerCase: string): string[] {
  const start = /^[^a-z]*/.exec(lowerCase)![0].length;
  const end = lowerCase.length - /[^a-z]*$/.exec(lowerCase)![0].length;
  if (end <= start) return [''];
  const cores: string[] = [];
  for (let from = start; from >= 0; from -= 1) {
    for (let to = end; to <= lowerCase.length; to += 1) cores.push(lowerCase.slice(from, to));
  }
  return cores;
}

/** The text with each substituted character read back as a letter (both letters for 1 and !). */
function spellings(text: string): string[] {
  let found = [''];
  for (const character of text) {
    const letters = SUBSTITUTES[character];
    if (!letters || found.length * letters.length > MAX_SPELLINGS) {
      found = found.map((prefix) => prefix + (letters?.[0] ?? character));
      continue;
    }
    found = found.flatMap((prefix) => letters.map((letter) => prefix + letter));
  }
  return found;
}

/**
 * Names a password may not be: the store's name and the email's name part, each as a whole (in
 * letters only, refused also inside a password when long enough) and word by word.
 */
function forbiddenNames({ storeName, email }: PasswordContext) {
  const sources = [storeName.toLowerCase(), email?.toLowerCase().split('@')[0] ?? ''];
  const words = sources.flatMap((source) => source.split(/[^a-z]+/));
  const wholes = sources.map((source) => source.replace(/[^a-z]/g, ''));
  return {
    whole: wholes.filter((name) => name.length >= MIN_CONTAINED_NAME),
    parts: new Set([...words, ...wholes].filter((name) => name.length >= 3)),
  };
}

export interface PasswordCheckDeps {
  config: Config;
  logger: Logger;
}

/**
 * Whether a new password is refused: the local check, then, when it passes and the store can
 * reach it, the Have I Been Pwned range API (pwned-passwords.ts). Unreachable, the local check
 * alone decides.
 */
async function isRefusedPassword(
  deps: PasswordCheckDeps,
  candidate: string,
  email: string | undefined,
): Promise<boolean> {
  if (isCommonPassword(candidate, { storeName: deps.config.store.name, email })) return true;
  return (await isPwnedPassword(deps.config.pwnedPasswords, candidate, deps.logger)) === true;
}

/**
 * A shared form schema with, on the server, the common-password rule on its `password` field;
 * `email` names the account's email when the form has it. Parse it with safeParseAsync.
 */
export function withUncommonPassword<Output extends { password: string }, Input>(
  schema: z.ZodType<Output, Input>,
  deps: PasswordCheckDeps,
  email: (value: Output) => string | undefined = () => undefined,
) {
  return schema.superRefine(async (value, context) => {
    if (await isRefusedPassword(deps, value.password, email(value))) {
      context.addIssue({ code: 'custom', path: ['password'], message: COMMON_PASSWORD_MESSAGE });
    }
  });
}
