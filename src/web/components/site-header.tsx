import { Link } from 'react-router';

// The storefront issue replaces the links here with the full navbar (SPEC §2 "Navbar").
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-paper/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between px-4">
        <Link to="/" className="text-lg font-black tracking-tight uppercase" aria-label="Trap the Trend, home">
          Trap <span className="text-brand">the</span> Trend
        </Link>
        <nav aria-label="Main">
          <ul className="flex gap-5 text-sm font-semibold">
            <li>
              <Link to="/products">Shop</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
