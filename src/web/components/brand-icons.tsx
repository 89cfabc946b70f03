// The payment methods' badges; the social networks' marks are in the icon sprite (icon-names.ts).
/** A card-shaped badge with the payment method's name, readable by screen readers. */
export function PaymentBadge({ label, colors }: { label: string; colors: [string, string] }) {
  return (
    <svg viewBox="0 0 64 40" width="48" height="30" role="img" aria-label={label}>
      <rect width="64" height="40" rx="6" fill={colors[0]} />
      <text
        x="32"
        y="25"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize={label.length > 5 ? 11 : 13}
        fontWeight="700"
        fill={colors[1]}
      >
        {label}
      </text>
    </svg>
  );
}
