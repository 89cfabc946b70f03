import { SIZES } from '../../common/catalog.ts';

/**
 * Size buttons as one group of native radio buttons named `size`, so that the product's form posts
 * the choice even before the page's scripts have loaded; arrow keys move between the sizes, and
 * only the offered sizes appear.
 */
export function SizePicker({
  sizes,
  onChange,
  describedBy,
  required = false,
  soldOut = [],
}: {
  sizes: string[];
  /** Sizes with no units left: shown, but not choosable. */
  soldOut?: readonly string[];
  onChange: (size: string) => void;
  describedBy?: string;
  /** The browser's own check, for the form posted before the scripts load. */
  required?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label="Size" aria-describedby={describedBy} className="flex flex-wrap gap-2">
      {SIZES.filter((size) => sizes.includes(size)).map((size) => {
        const unavailable = soldOut.includes(size);
        return (
          <label key={size} className="relative">
            {/* Over the whole button, so that a click anywhere on it lands on the radio itself. */}
            <input
              type="radio"
              name="size"
              value={size}
              required={required}
              disabled={unavailable}
              aria-label={unavailable ? `${size}, sold out` : size}
              onChange={() => onChange(size)}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-md focus-visible:outline-none disabled:cursor-not-allowed"
            />
            <span className="flex h-11 min-w-12 items-center justify-center rounded-md border-2 border-black/20 px-3 font-semibold peer-enabled:peer-hover:border-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-disabled:border-dashed peer-disabled:text-black/55 peer-disabled:line-through">
              {size}
            </span>
          </label>
        );
      })}
    </div>
  );
}
