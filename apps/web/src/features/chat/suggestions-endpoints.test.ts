import { http, HttpResponse } from 'msw';
import { createInboxStore, stopInboxStores } from '../conversations/test/inbox-store';
import {
  nextSuggestionsOffset,
  requestSuggestions,
  selectSuggestionsEntry,
  suggestionsView,
} from './suggestions-endpoints';
import { heldAnswer, useApiServer } from '../../test/api-server';

const server = useApiServer(stopInboxStores);

const CHAT = 'a@c.us';
const items = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${from + i}`,
    text: `Sugestão ${from + i}`,
    category: 'other' as const,
    categoryLabel: 'Geral',
    confidence: 0.5,
    source: 'canned' as const,
  }));

/** GET …/suggestions: `total` suggestions paged by count/offset, or an answer of `fail`'s choosing. */
function serve(total: number, fail: { now: boolean; network?: boolean } = { now: false }) {
  const offsets: string[] = [];
  server.use(
    http.get('/api/conversations/:id/suggestions', ({ request }) => {
      const url = new URL(request.url);
      offsets.push(url.searchParams.get('offset') ?? '');
      if (fail.now)
        return fail.network ? HttpResponse.error() : HttpResponse.json({ success: false }, { status: 500 });
      const offset = Number(url.searchParams.get('offset'));
      return HttpResponse.json({ success: true, suggestions: items(total).slice(offset, offset + 5) });
    }),
  );
  return offsets;
}

const view = (store: ReturnType<typeof createInboxStore>) =>
  suggestionsView(selectSuggestionsEntry(store.getState(), CHAT));

describe('suggestions (GET /api/conversations/:id/suggestions)', () => {
  it('waits, loads the first five, asks for the next five, retries the failed page', async () => {
    const fail = { now: false, network: true };
    const offsets = serve(12, fail);
    const store = createInboxStore({ runSaga: false });
    expect(view(store)).toMatchObject({ status: 'waiting', items: [] });

    const first = store.dispatch(requestSuggestions(CHAT, 0, true));
    expect(view(store)).toMatchObject({ status: 'loading', requestedOffset: 0 });
    await first;
    expect(view(store)).toMatchObject({ status: 'ready', offset: 0 });
    expect(view(store).items).toHaveLength(5);

    fail.now = true;
    const more = store.dispatch(requestSuggestions(CHAT, nextSuggestionsOffset(view(store).offset)));
    expect(view(store)).toMatchObject({ status: 'loading', requestedOffset: 5 });
    await more;
    expect(view(store)).toMatchObject({ status: 'failed', error: 'Erro de conexão', offset: 0 });

    fail.now = false;
    const retry = store.dispatch(requestSuggestions(CHAT, view(store).requestedOffset));
    expect(view(store)).toMatchObject({ status: 'loading', requestedOffset: 5, error: null });
    await retry;
    expect(view(store)).toMatchObject({ status: 'ready', offset: 5 });
    expect(offsets).toEqual(['0', '5', '5']);
    first.unsubscribe();
  });

  it('starts over after the last page the server offers', async () => {
    expect(nextSuggestionsOffset(0)).toBe(5);
    expect(nextSuggestionsOffset(45)).toBe(50);
    expect(nextSuggestionsOffset(50)).toBe(0);
    // A page past the last one answers the first again.
    const offsets = serve(7);
    const store = createInboxStore({ runSaga: false });
    const asked = store.dispatch(requestSuggestions(CHAT, 10, true));
    await asked;
    expect(offsets).toEqual(['10', '0']);
    expect(view(store)).toMatchObject({ status: 'ready', offset: 0 });
    expect(view(store).items.map((s) => s.id)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    asked.unsubscribe();
  });

  it('ignores answers for a window closed meanwhile', async () => {
    const held = heldAnswer();
    server.use(
      http.get('/api/conversations/:id/suggestions', async () => {
        await held.wait();
        return HttpResponse.json({ success: true, suggestions: items(5) });
      }),
    );
    const store = createInboxStore({ runSaga: false });
    const asked = store.dispatch(requestSuggestions(CHAT, 0, true));
    expect(view(store).status).toBe('loading');
    // The window closes: the chat saga lets its suggestions go.
    asked.unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 20));
    held.release();
    await asked;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selectSuggestionsEntry(store.getState(), CHAT)).toBeUndefined();
  });
});
