// The store's server sends a Content-Security-Policy that allows inline scripts by a per-request
// nonce only, so React Router's inline scripts need it, as the store's do (src/web/request-info.tsx).
import { createContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);
