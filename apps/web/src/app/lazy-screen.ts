import type { ComponentType } from 'react';

/** A route's screen in its own chunk, so /dashboard does not download the landing page (and the reverse). */
export const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});
