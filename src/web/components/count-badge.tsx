/** A small count bubble on an icon; hidden from screen readers, whose label carries the count. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1 -right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-brand px-1 text-[10px] leading-none font-bold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function countLabel(noun: string, count: number): string {
  return count > 0 ? `${noun}, ${count} ${count === 1 ? 'item' : 'items'}` : noun;
}
