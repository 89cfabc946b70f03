// What staff give before money leaves the store (a failed order's refund, a return's): a ticked
// confirmation naming the amount, and a current code from their authenticator app (ADR 0020).
import { AuthenticatorCodeField } from '../identity-fields.tsx';

export function RefundConfirmation({ statement }: { statement: string }) {
  return (
    <>
      <div className="flex items-start gap-2 text-sm">
        <input id="confirm-refund" type="checkbox" name="confirmRefund" value="yes" required className="mt-1 size-4" />
        <label htmlFor="confirm-refund">{statement}</label>
      </div>
      <AuthenticatorCodeField label="Code from your authenticator app" />
    </>
  );
}
