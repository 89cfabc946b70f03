import { useEffect, useId, useRef, useState } from 'react';
import { Form, href, Link, useLocation } from 'react-router';
import { Icon } from './icon.tsx';

/**
 * The signed-in user's menu in the navbar (docs/product.md §2): Profile, My Orders, Logout. A
 * disclosure (a button that shows a short list of links), closed by Escape, a click elsewhere or by
 * moving on.
 */
export function UserMenu({ name, className }: { name: string; className: string }) {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [openedAt, setOpenedAt] = useState(pathname);
  // Moving to another page closes it.
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item = 'block w-full rounded px-3 py-2 text-left font-semibold hover:bg-black/5 focus-visible:bg-black/5';
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={`Account menu for ${name}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
      >
        <Icon name="user" size={22} />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-1.5 min-w-44 rounded-md border border-black/10 bg-white p-1 shadow-lg"
      >
        <ul>
          <li>
            <Link to={href('/profile')} className={item}>
              Profile
            </Link>
          </li>
          <li>
            <Link to={href('/orders')} className={item}>
              My Orders
            </Link>
          </li>
          <li>
            <Form method="post" action={href('/logout')}>
              <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
              <button type="submit" className={item}>
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </div>
  );
}
