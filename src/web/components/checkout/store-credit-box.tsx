import { STORE_CREDIT_LABEL, useCreditLabel } from '../../../common/payment-methods.ts';

/**
 * Store credit at /checkout (ADR 0050), shown only to a shopper who has some: one native checkbox
 * that puts it towards the order. The server decides how much of it the order uses.
 */
export function StoreCreditBox({
  availablePaise,
  checked,
  onChange,
}: {
  availablePaise: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <fieldset className="mt-4 border-t border-black/10 pt-4">
      <legend className="text-sm font-semibold">{STORE_CREDIT_LABEL}</legend>
      <label className="mt-2 flex cursor-pointer items-start gap-3 rounded-md border border-black/15 p-3 has-checked:border-ink">
        <input
          type="checkbox"
          name="use-credit"
          className="mt-0.5 h-5 w-5 shrink-0 accent-ink"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span className="font-semibold">{useCreditLabel(availablePaise)}</span>
      </label>
    </fieldset>
  );
}
