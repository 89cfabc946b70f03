import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

import { readRequestInfoFromDocument, RequestInfoContext } from './request-info.tsx';

const requestInfo = readRequestInfoFromDocument();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestInfoContext value={requestInfo}>
        <HydratedRouter />
      </RequestInfoContext>
    </StrictMode>,
  );
});
