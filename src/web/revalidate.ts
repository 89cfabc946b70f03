import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * For a page whose every post may change what it shows: reload its data after any POST, a refused
 * one too (another admin may have moved the record meanwhile).
 */
export function revalidateAfterPost({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? true : defaultShouldRevalidate;
}
