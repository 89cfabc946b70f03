// Sign-in and sign-out reach every open tab: a tab whose signed-in user changes announces it, and
// the others reload their data (the navbar, counts and pages then show the server's truth).
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

const CHANNEL = 'ttt-session';

export function useSessionSync(userId: string | null) {
  const { revalidate } = useRevalidator();
  const previous = useRef(userId);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void revalidate();
    return () => channel.close();
  }, [revalidate]);

  useEffect(() => {
    if (previous.current === userId || typeof BroadcastChannel === 'undefined') return;
    previous.current = userId;
    // The other tabs reload and find the same user, so they do not announce it back.
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage('changed');
    channel.close();
  }, [userId]);
}
