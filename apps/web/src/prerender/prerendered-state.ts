import type { PublicState } from '../app/public-store';

/**
 * The state the landing page is rendered in at build: a signed-out visitor in the light theme. A
 * browser that starts in it takes the HTML over as it is (hydration); any other (a stored session,
 * the dark theme) renders afresh over it, since its first render would not match.
 */
export function matchesPrerenderedState(state: PublicState): boolean {
  return state.auth.status === 'anonymous' && state.theme.theme === 'light';
}
