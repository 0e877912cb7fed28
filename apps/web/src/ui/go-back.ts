import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back to the previous page of the console (Cancel, or after saving); when the page was opened
 * directly there is nothing to go back to, so `fallback` is opened instead.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const idx = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : 0;
    if (typeof idx === 'number' && idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
