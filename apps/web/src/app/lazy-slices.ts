import { createDynamicMiddleware, type Middleware, type Reducer } from '@reduxjs/toolkit';

/**
 * Where a slice loaded with a later chunk joins the whole app's store(s): the server-state cache
 * (server-state/api.ts) adds its reducer and middleware here when its chunk loads, without that
 * chunk importing the store (and with it every slice) itself.
 */
export const dynamicMiddleware = createDynamicMiddleware();

interface LazySlice {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

let injectReducer: ((slice: LazySlice) => void) | null = null;
/** Slices loaded before the store module (a test importing a screen first). */
const waiting: LazySlice[] = [];

/** The store module's `rootReducer.inject` (app/store.ts calls this once). */
export function setSliceInjector(inject: (slice: LazySlice) => void): void {
  injectReducer = inject;
  for (const slice of waiting.splice(0)) inject(slice);
}

/** Adds a lazily loaded slice with its middleware (RTK Query's api) to the app's root reducer. */
export function injectLazySlice(slice: LazySlice): void {
  if (injectReducer) injectReducer(slice);
  else waiting.push(slice);
  dynamicMiddleware.addMiddleware(slice.middleware);
}
