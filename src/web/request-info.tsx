// What the document needs from the server render: the request id (so the error page can always
// name the request), the CSP nonce, and the stylesheet inlined into the head. After hydration
// they are read back from the document.
import { createContext, useContext } from 'react';

export interface RequestInfo {
  requestId: string | undefined;
  nonce: string | undefined;
  /** The whole stylesheet (small), inlined in production so the first paint waits on no request. */
  stylesheet: string | undefined;
}

export const STYLESHEET_ID = 'app-styles';

export const RequestInfoContext = createContext<RequestInfo>({
  requestId: undefined,
  nonce: undefined,
  stylesheet: undefined,
});

export function useRequestInfo(): RequestInfo {
  return useContext(RequestInfoContext);
}

export function readRequestInfoFromDocument(): RequestInfo {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="request-id"]');
  const style = document.getElementById(STYLESHEET_ID);
  return { requestId: meta?.content || undefined, nonce: undefined, stylesheet: style?.textContent ?? undefined };
}
