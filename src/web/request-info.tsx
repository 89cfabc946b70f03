// The request id and CSP nonce, available while rendering on the server and (the id) after
// hydration, so the error page can always name the request.
import { createContext, useContext } from 'react';

export interface RequestInfo {
  requestId: string | undefined;
  nonce: string | undefined;
}

export const RequestInfoContext = createContext<RequestInfo>({ requestId: undefined, nonce: undefined });

export function useRequestInfo(): RequestInfo {
  return useContext(RequestInfoContext);
}

export function readRequestInfoFromDocument(): RequestInfo {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="request-id"]');
  return { requestId: meta?.content || undefined, nonce: undefined };
}
