// Passwords that appear in breach lists are the first an attacker tries, whatever the composition
// rules (ASVS 5.0 V6.2.4, OWASP authentication cheat sheet). The list is zxcvbn's "passwords"
// dictionary (package @zxcvbn-ts/language-common, MIT): 49,233 passwords ordered by how often they
// appear in leaked password sets, all lower case. It is server-only: about 400 KB that the browser
// must never download, so the shared zod schemas (src/common) do not know it and the services add
// this rule on the server.
import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

import { password } from '../../common/validation.ts';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

let common: ReadonlySet<string> | undefined;

/** Whether the password is on the list; case is ignored, as the list is lower case. */
export function isCommonPassword(candidate: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(candidate.toLowerCase());
}

/** The shared password rule and the common-password list: ADMIN_PASSWORD's rule (config.ts). */
export const uncommonPassword = password.refine((value) => !isCommonPassword(value), COMMON_PASSWORD_MESSAGE);

/** A shared form schema with, on the server, the common-password rule on its `password` field. */
export function withUncommonPassword<Output extends { password: string }, Input>(schema: z.ZodType<Output, Input>) {
  return schema.superRefine((value, context) => {
    if (isCommonPassword(value.password)) {
      context.addIssue({ code: 'custom', path: ['password'], message: COMMON_PASSWORD_MESSAGE });
    }
  });
}
