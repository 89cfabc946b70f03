import * as RadioGroup from '@radix-ui/react-radio-group';

import { SIZES } from '../../common/catalog.ts';

/** Size buttons as one radio group: arrow keys move between sizes; only the offered sizes appear. */
export function SizePicker({
  sizes,
  value,
  onChange,
  describedBy,
  soldOut = [],
}: {
  sizes: string[];
  /** Sizes with no units left: shown, but not choosable. */
  soldOut?: readonly string[];
  value: string | undefined;
  onChange: (size: string) => void;
  describedBy?: string;
}) {
  return (
    <RadioGroup.Root
      value={value ?? ''}
      onValueChange={onChange}
      aria-label="Size"
      aria-describedby={describedBy}
      orientation="horizontal"
      className="flex flex-wrap gap-2"
    >
      {SIZES.filter((size) => sizes.includes(size)).map((size) => (
        <RadioGroup.Item
          key={size}
          value={size}
          disabled={soldOut.includes(size)}
          aria-label={soldOut.includes(size) ? `${size}, sold out` : size}
          className="h-11 min-w-12 rounded-md border-2 border-black/20 px-3 font-semibold hover:border-ink disabled:cursor-not-allowed disabled:border-dashed disabled:text-black/55 disabled:line-through data-[state=checked]:border-ink data-[state=checked]:bg-ink data-[state=checked]:text-white"
        >
          {size}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
