import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { User } from 'lucide-react';
import { useRef } from 'react';
import { Link, useLocation, useSubmit } from 'react-router';

/** The signed-in user's menu in the navbar (SPEC §2): Profile, My Orders, Logout. */
export default function UserMenu({ name, className }: { name: string; className: string }) {
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const item = 'block cursor-pointer rounded px-3 py-2 font-semibold outline-none data-[highlighted]:bg-black/5';
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={trigger} className={className} aria-label={`Account menu for ${name}`}>
        <User aria-hidden="true" size={22} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-black/10 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item asChild className={item}>
            <Link to="/profile">Profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to="/orders">My Orders</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={item}
            onSelect={() => void submit({ redirectTo: `${pathname}${search}` }, { method: 'post', action: '/logout' })}
          >
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
