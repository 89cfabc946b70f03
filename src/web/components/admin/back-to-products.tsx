// The way back from a product's screens (edit, import) to the product list.
import { href, Link } from 'react-router';

export function BackToProducts() {
  return (
    <p>
      <Link to={href('/admin/products')} className="text-sm font-semibold underline">
        Back to products
      </Link>
    </p>
  );
}
