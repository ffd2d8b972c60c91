/**
 * A full page load, so that every cache, saga and socket starts over (after switching company).
 * An object so that tests can replace `to` (jsdom cannot navigate).
 */
export const fullPageLoad = {
  to(path: string): void {
    window.location.assign(path);
  },
};
