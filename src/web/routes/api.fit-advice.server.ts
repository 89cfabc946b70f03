// The server half of the route module api.fit-advice.ts (ADR 0017): what runs only on the server.
import { z } from 'zod';

import { parseSerialId } from '../../common/ids.ts';
import { CHEST_RANGE_MM, suggestSize, type FitSuggestion } from '../../common/size-chart.ts';
import { getProduct } from '../../server/catalog/service.ts';
import { fitFromPurchases, sizeChartOf } from '../../server/catalog/size-chart.ts';
import { getApp } from '../app-context.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/api.fit-advice';

const FIT_MESSAGES = {
  chest: `Enter your chest: ${CHEST_RANGE_MM.min / 10} to ${CHEST_RANGE_MM.max / 10} cm, or ${Math.ceil(CHEST_RANGE_MM.min / 25.4)} to ${Math.floor(CHEST_RANGE_MM.max / 25.4)} inches.`,
  noChart: 'This product has no size chart yet.',
  notFound: 'Product not found',
} as const;

/** A chest measurement as typed, in centimetres or inches, as millimetres; undefined when out of range. */
const ChestSchema = z.object({
  chest: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/),
  unit: z.enum(['cm', 'in']).default('cm'),
});

export type FitAdvice =
  | {
      ok: true;
      /** From the size the shopper last bought: "You bought M in Regular Fit Tees", and the size it suggests. */
      purchase: { text: string; suggestion: FitSuggestion | undefined } | null;
      /** From the chest measurement given. */
      fromChest: FitSuggestion | null;
    }
  | { ok: false; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { db } = getApp(context);
  const answer = (body: FitAdvice, status = 200) =>
    Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });
  const id = parseSerialId(params.get('productId') ?? '');
  const product = id === null ? undefined : await getProduct(db, id);
  if (!product) return answer({ ok: false, message: FIT_MESSAGES.notFound }, 404);
  const chart = await sizeChartOf(db, product);
  if (chart.length === 0) return answer({ ok: false, message: FIT_MESSAGES.noChart }, 404);

  let fromChest: FitSuggestion | null = null;
  if (params.has('chest')) {
    const parsed = ChestSchema.safeParse({ chest: params.get('chest'), unit: params.get('unit') ?? undefined });
    const mm = parsed.success
      ? Math.round(Number(parsed.data.chest) * (parsed.data.unit === 'in' ? 25.4 : 10))
      : Number.NaN;
    if (!(mm >= CHEST_RANGE_MM.min && mm <= CHEST_RANGE_MM.max)) {
      return answer({ ok: false, message: FIT_MESSAGES.chest }, 400);
    }
    fromChest = suggestSize(chart, mm, product.category) ?? null;
  }
  const user = await getSessionUser(context, request);
  const purchase = user ? await fitFromPurchases(db, user.id, product) : undefined;
  return answer({
    ok: true,
    purchase: purchase ? { text: purchase.text, suggestion: purchase.suggestion } : null,
    fromChest,
  });
}
