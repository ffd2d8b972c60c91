import { createInboxStore, stopInboxStores, type InboxStore } from '../../conversations/test/inbox-store';
import { useApiServer } from '../../../test/api-server';

/** The messages cache's tests: their API (msw) and, after each test, their stores stopped. */
export const useCacheTests = () => useApiServer(stopInboxStores);

/** A store (its cache holds the messages) with no saga: the tests dispatch what the others would. */
export const initial = (): InboxStore => createInboxStore({ runSaga: false });

type Change = Parameters<InboxStore['dispatch']>[0];

/** Dispatches the changes in order; the same store, for chaining. */
export const apply = (store: InboxStore, ...changes: unknown[]) => {
  for (const change of changes) store.dispatch(change as Change);
  return store;
};
