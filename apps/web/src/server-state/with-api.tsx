import { useLayoutEffect, useState, type ComponentType } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../app/store';
import { api } from './api';

/** Dispatched once per store when the cache's slice joins it, so its state exists before any read. */
export const API_LOADED = '@@atende/api-loaded';

/**
 * `Component`, shown once the store has the server-state cache (`api`, injected when this chunk
 * loaded): the first screen of a store to use it dispatches one action so the slice has its state
 * before the component's queries read it (a layout effect: nothing is painted meanwhile).
 */
export function withApi<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithApi(props: P) {
    const store = useStore<RootState>();
    const [ready, setReady] = useState(() => store.getState()[api.reducerPath] !== undefined);
    useLayoutEffect(() => {
      if (ready) return;
      if (store.getState()[api.reducerPath] === undefined) store.dispatch({ type: API_LOADED });
      setReady(true);
    }, [ready, store]);
    return ready ? <Component {...props} /> : null;
  }
  WithApi.displayName = `withApi(${Component.displayName ?? Component.name})`;
  return WithApi;
}
