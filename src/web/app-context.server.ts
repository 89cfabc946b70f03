// The key under which loaders and actions find what the server gives each request (its shape,
// AppContext, is the server's: server/app-context.ts).
import { createContext, type RouterContextProvider } from 'react-router';

import type { AppContext } from '../server/app-context.ts';

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
