// Sign-in and sign-out reach every open tab: a tab whose signed-in user changes announces who it
// now shows, and the others that show someone else reload their data (the navbar, counts and pages
// then show the server's truth).
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

const CHANNEL = 'ttt-session';

export function useSessionSync(userId: string | null) {
  const { revalidate } = useRevalidator();
  const previous = useRef(userId);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    // A tab already showing that user has nothing to reload: a kept page that has just loaded its
    // shopper's data (kept-page-session.ts) announces a user the other tabs show already, and a tab
    // that reloads announces back the user it was told of.
    channel.onmessage = (event: MessageEvent) => {
      if (event.data !== previous.current) void revalidate();
    };
    return () => channel.close();
  }, [revalidate]);

  useEffect(() => {
    if (previous.current === userId || typeof BroadcastChannel === 'undefined') return;
    previous.current = userId;
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(userId);
    channel.close();
  }, [userId]);
}
