// The store credit settings (STORE_CREDIT_*), read by config.ts, the only reader of the environment.

export interface StoreCreditSettings {
  /** What a refund taken as store credit earns on top, in per cent (0 to 50; 0 for none). */
  refundBonusPercent: number;
  /** Days a credit lasts before it expires; undefined: credit never expires. */
  expiryDays: number | undefined;
  /** A staff grant or take-back above this needs a fresh authenticator code, as a refund does. */
  codeAbovePaise: number;
}
