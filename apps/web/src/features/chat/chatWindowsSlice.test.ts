import {
  chatWindowsActions as a,
  chatWindowsReducer as reduce,
  initialChatWindowsState,
  windowIdFor,
  type ChatWindowsState,
  type PersistedWindow,
} from './chatWindowsSlice';

const viewport = { width: 1600, height: 900 };
const run = (...actions: Parameters<typeof reduce>[1][]): ChatWindowsState =>
  actions.reduce<ChatWindowsState>((state, action) => reduce(state, action), initialChatWindowsState);
const open = (conversationId: string, vp = viewport) => a.chatWindowOpened({ conversationId, viewport: vp });
const win = (state: ChatWindowsState, conversationId: string) => {
  const found = state.windows.find((w) => w.conversationId === conversationId);
  if (!found) throw new Error(`no window for ${conversationId}`);
  return found;
};
const A = windowIdFor('a@c.us');
const B = windowIdFor('b@c.us');

describe('chat window state machine (spec §4)', () => {
  describe('open', () => {
    it('opens a new window 1000×600 centred in the viewport, in front, normal', () => {
      const state = run(open('a@c.us'));
      expect(state.windows).toHaveLength(1);
      expect(state.windows[0]).toEqual({
        id: A,
        conversationId: 'a@c.us',
        isMinimized: false,
        isMaximized: false,
        position: { x: 300, y: 150 },
        size: { width: 1000, height: 600 },
        z: 1,
        barPosition: null,
        showDetails: true,
        draft: '',
      });
      expect(state.topZ).toBe(1);
    });

    it('fits the default size to a smaller viewport, never below 300×400', () => {
      expect(run(open('a@c.us', { width: 800, height: 500 })).windows[0]).toMatchObject({
        position: { x: 0, y: 0 },
        size: { width: 800, height: 500 },
        showDetails: true,
      });
      expect(run(open('a@c.us', { width: 250, height: 300 })).windows[0]).toMatchObject({
        position: { x: 0, y: 0 },
        size: { width: 300, height: 400 },
        showDetails: false,
      });
    });

    it('cascades each further window a little, inside the viewport', () => {
      const state = run(open('a@c.us'), open('b@c.us'), open('c@c.us'));
      expect(state.windows.map((w) => w.position)).toEqual([
        { x: 300, y: 150 },
        { x: 328, y: 178 },
        { x: 356, y: 206 },
      ]);
      expect(state.windows.map((w) => w.z)).toEqual([1, 2, 3]);
      // near the edges the cascade is clamped
      const tight = run(
        open('a@c.us', { width: 1010, height: 610 }),
        open('b@c.us', { width: 1010, height: 610 }),
      );
      expect(tight.windows[1]!.position).toEqual({ x: 10, y: 10 });
    });

    it('opens beside the conversation list when the list says where it ends (issue 31)', () => {
      const beside = (conversationId: string) =>
        a.chatWindowOpened({ conversationId, viewport, listRight: 400 });
      const state = run(beside('a@c.us'), beside('b@c.us'));
      // right of the list (400 + 40 px), 1000×600, cascaded, never over the list's rows
      expect(state.windows.map((w) => [w.position, w.size])).toEqual([
        [
          { x: 512, y: 150 },
          { width: 1000, height: 600 },
        ],
        [
          { x: 540, y: 178 },
          { width: 1000, height: 600 },
        ],
      ]);
      // a laptop: the space beside the list is narrower, so is the window (its side panel starts closed)
      const laptop = run(
        a.chatWindowOpened({
          conversationId: 'a@c.us',
          viewport: { width: 1280, height: 800 },
          listRight: 574,
        }),
      );
      expect(laptop.windows[0]).toMatchObject({
        position: { x: 614, y: 100 },
        size: { width: 650, height: 600 },
        showDetails: true,
      });
    });

    it('opening an open conversation brings its window to the front, without a second window', () => {
      const state = run(open('a@c.us'), open('b@c.us'), open('a@c.us'));
      expect(state.windows).toHaveLength(2);
      expect(win(state, 'a@c.us').z).toBe(3);
      expect(win(state, 'a@c.us').z).toBeGreaterThan(win(state, 'b@c.us').z);
      expect(win(state, 'a@c.us').position).toEqual({ x: 300, y: 150 });
    });

    it('opening a minimized conversation restores it; a maximized one stays maximized', () => {
      const minimized = run(open('a@c.us'), open('b@c.us'), a.chatWindowMinimized({ id: A, viewport }));
      const reopened = reduce(minimized, open('a@c.us'));
      expect(win(reopened, 'a@c.us')).toMatchObject({
        isMinimized: false,
        isMaximized: false,
        barPosition: null,
      });
      expect(win(reopened, 'a@c.us').z).toBe(reopened.topZ);

      const maximized = run(open('a@c.us'), a.chatWindowMaximizeToggled({ id: A }), open('a@c.us'));
      expect(win(maximized, 'a@c.us')).toMatchObject({ isMaximized: true, isMinimized: false });
    });

    it('reads the browser viewport when the action does not carry one', () => {
      const action = a.chatWindowOpened({ conversationId: 'a@c.us' });
      expect(action.payload.viewport).toEqual({ width: window.innerWidth, height: window.innerHeight });
    });
  });

  it('focus brings a window to the front; focusing the front one changes nothing', () => {
    const state = run(open('a@c.us'), open('b@c.us'));
    const focused = reduce(state, a.chatWindowFocused({ id: A }));
    expect(win(focused, 'a@c.us').z).toBe(3);
    expect(focused.topZ).toBe(3);
    expect(reduce(focused, a.chatWindowFocused({ id: A }))).toBe(focused);
    expect(reduce(focused, a.chatWindowFocused({ id: 'chat:unknown' }))).toBe(focused);
  });

  describe('move', () => {
    it('moves the window, kept inside the viewport', () => {
      const state = run(open('a@c.us'));
      expect(
        win(reduce(state, a.chatWindowMoved({ id: A, position: { x: 40, y: 60 }, viewport })), 'a@c.us')
          .position,
      ).toEqual({
        x: 40,
        y: 60,
      });
      expect(
        win(reduce(state, a.chatWindowMoved({ id: A, position: { x: -50, y: -10 }, viewport })), 'a@c.us')
          .position,
      ).toEqual({ x: 0, y: 0 });
      expect(
        win(reduce(state, a.chatWindowMoved({ id: A, position: { x: 5000, y: 5000 }, viewport })), 'a@c.us')
          .position,
      ).toEqual({ x: 600, y: 300 });
    });

    it('a maximized window does not move; a minimized one moves its bar only', () => {
      const maximized = run(open('a@c.us'), a.chatWindowMaximizeToggled({ id: A }));
      expect(reduce(maximized, a.chatWindowMoved({ id: A, position: { x: 1, y: 1 }, viewport }))).toBe(
        maximized,
      );

      const minimized = run(open('a@c.us'), a.chatWindowMinimized({ id: A, viewport }));
      const moved = reduce(minimized, a.chatWindowMoved({ id: A, position: { x: 700, y: 5000 }, viewport }));
      expect(win(moved, 'a@c.us').barPosition).toEqual({ x: 700, y: 836 });
      expect(win(moved, 'a@c.us').position).toEqual({ x: 300, y: 150 });
    });
  });

  describe('resize', () => {
    it('resizes from a corner, at least 300×400 and within the viewport', () => {
      const state = run(open('a@c.us'));
      const bigger = reduce(
        state,
        a.chatWindowResized({ id: A, size: { width: 1200, height: 700 }, viewport }),
      );
      expect(win(bigger, 'a@c.us')).toMatchObject({
        size: { width: 1200, height: 700 },
        position: { x: 300, y: 150 },
      });
      // the window was pushed back inside: 300 + 1200 > 1600
      expect(win(bigger, 'a@c.us').position.x + 1200).toBeLessThanOrEqual(1600);

      const tiny = reduce(state, a.chatWindowResized({ id: A, size: { width: 100, height: 120 }, viewport }));
      expect(win(tiny, 'a@c.us').size).toEqual({ width: 300, height: 400 });

      const huge = reduce(
        state,
        a.chatWindowResized({ id: A, size: { width: 4000, height: 4000 }, viewport }),
      );
      expect(win(huge, 'a@c.us')).toMatchObject({
        size: { width: 1600, height: 900 },
        position: { x: 0, y: 0 },
      });
    });

    it('a top-left corner moves the window too', () => {
      const state = run(open('a@c.us'));
      const resized = reduce(
        state,
        a.chatWindowResized({
          id: A,
          size: { width: 1100, height: 650 },
          position: { x: 200, y: 100 },
          viewport,
        }),
      );
      expect(win(resized, 'a@c.us')).toMatchObject({
        size: { width: 1100, height: 650 },
        position: { x: 200, y: 100 },
      });
    });

    it('made narrower than 640 px, the side panel closes; widening does not reopen it', () => {
      const state = run(open('a@c.us'));
      expect(win(state, 'a@c.us').showDetails).toBe(true);
      const narrow = reduce(
        state,
        a.chatWindowResized({ id: A, size: { width: 500, height: 500 }, viewport }),
      );
      expect(win(narrow, 'a@c.us').showDetails).toBe(false);
      const reopened = reduce(narrow, a.chatWindowDetailsToggled({ id: A }));
      const still = reduce(
        reopened,
        a.chatWindowResized({ id: A, size: { width: 450, height: 500 }, viewport }),
      );
      expect(win(still, 'a@c.us').showDetails).toBe(true);
      const wide = reduce(
        narrow,
        a.chatWindowResized({ id: A, size: { width: 900, height: 500 }, viewport }),
      );
      expect(win(wide, 'a@c.us').showDetails).toBe(false);
    });

    it('a maximized or minimized window does not resize', () => {
      const maximized = run(open('a@c.us'), a.chatWindowMaximizeToggled({ id: A }));
      expect(
        reduce(maximized, a.chatWindowResized({ id: A, size: { width: 500, height: 500 }, viewport })),
      ).toBe(maximized);
      const minimized = run(open('a@c.us'), a.chatWindowMinimized({ id: A, viewport }));
      expect(
        reduce(minimized, a.chatWindowResized({ id: A, size: { width: 500, height: 500 }, viewport })),
      ).toBe(minimized);
    });
  });

  describe('minimize', () => {
    it('minimizes a normal window to a bar at the bottom, side by side with other bars', () => {
      const state = run(
        open('a@c.us'),
        open('b@c.us'),
        a.chatWindowMinimized({ id: A, viewport }),
        a.chatWindowMinimized({ id: B, viewport }),
      );
      expect(win(state, 'a@c.us')).toMatchObject({
        isMinimized: true,
        isMaximized: false,
        barPosition: { x: 16, y: 820 },
      });
      expect(win(state, 'b@c.us').barPosition).toEqual({ x: 264, y: 820 });
      // the window keeps its place for when it is restored
      expect(win(state, 'a@c.us').position).toEqual({ x: 300, y: 150 });
    });

    it('minimizing a maximized window clears maximized', () => {
      const state = run(
        open('a@c.us'),
        a.chatWindowMaximizeToggled({ id: A }),
        a.chatWindowMinimized({ id: A, viewport }),
      );
      expect(win(state, 'a@c.us')).toMatchObject({ isMinimized: true, isMaximized: false });
    });

    it('minimizing a minimized window changes nothing', () => {
      const state = run(open('a@c.us'), a.chatWindowMinimized({ id: A, viewport }));
      expect(reduce(state, a.chatWindowMinimized({ id: A, viewport }))).toBe(state);
    });
  });

  describe('maximize', () => {
    it('toggles maximized and back to the previous position and size', () => {
      const moved = run(
        open('a@c.us'),
        a.chatWindowMoved({ id: A, position: { x: 20, y: 30 }, viewport }),
        a.chatWindowResized({ id: A, size: { width: 640, height: 480 }, viewport }),
      );
      const maximized = reduce(moved, a.chatWindowMaximizeToggled({ id: A }));
      expect(win(maximized, 'a@c.us')).toMatchObject({ isMaximized: true, isMinimized: false });
      const back = reduce(maximized, a.chatWindowMaximizeToggled({ id: A }));
      expect(win(back, 'a@c.us')).toMatchObject({
        isMaximized: false,
        isMinimized: false,
        position: { x: 20, y: 30 },
        size: { width: 640, height: 480 },
      });
    });

    it('maximizing a minimized window clears minimized and brings it to the front', () => {
      const state = run(
        open('a@c.us'),
        open('b@c.us'),
        a.chatWindowMinimized({ id: A, viewport }),
        a.chatWindowMaximizeToggled({ id: A }),
      );
      expect(win(state, 'a@c.us')).toMatchObject({
        isMaximized: true,
        isMinimized: false,
        barPosition: null,
      });
      expect(win(state, 'a@c.us').z).toBe(state.topZ);
    });
  });

  it('restore (a click on the bar) brings the normal window back in front, where it was', () => {
    const state = run(
      open('a@c.us'),
      a.chatWindowMoved({ id: A, position: { x: 10, y: 20 }, viewport }),
      open('b@c.us'),
      a.chatWindowMinimized({ id: A, viewport }),
      a.chatWindowRestored({ id: A }),
    );
    expect(win(state, 'a@c.us')).toMatchObject({
      isMinimized: false,
      isMaximized: false,
      barPosition: null,
      position: { x: 10, y: 20 },
      size: { width: 1000, height: 600 },
    });
    expect(win(state, 'a@c.us').z).toBe(state.topZ);
  });

  it('close removes the window with its panel state (its suggestions: chatSuggestions.test.tsx)', () => {
    const state = run(
      open('a@c.us'),
      open('b@c.us'),
      a.conversationRatingRequested({ conversationId: 'a@c.us', rating: 4 }),
      a.chatWindowClosed({ id: A }),
    );
    expect(state.windows.map((w) => w.conversationId)).toEqual(['b@c.us']);
    expect(state.panels['a@c.us']).toBeUndefined();
    // closed: opening again gives a fresh window
    expect(reduce(state, open('a@c.us')).windows).toHaveLength(2);
  });

  it('the side panel toggles and the draft follows the textarea', () => {
    const state = run(
      open('a@c.us'),
      a.chatWindowDetailsToggled({ id: A }),
      a.chatWindowDraftChanged({ id: A, draft: 'Olá' }),
    );
    expect(win(state, 'a@c.us')).toMatchObject({ showDetails: false, draft: 'Olá' });
  });

  it('a smaller browser window pulls every window and bar back inside', () => {
    const state = run(open('a@c.us'), open('b@c.us'), a.chatWindowMinimized({ id: B, viewport }));
    const small = { width: 800, height: 500 };
    const fitted = reduce(state, a.chatWindowsViewportChanged({ viewport: small }));
    expect(win(fitted, 'a@c.us')).toMatchObject({
      size: { width: 800, height: 500 },
      position: { x: 0, y: 0 },
    });
    expect(win(fitted, 'b@c.us').barPosition).toEqual({ x: 16, y: 436 });
  });

  describe('saved windows', () => {
    const saved = (overrides: Partial<PersistedWindow>): PersistedWindow => ({
      conversationId: 'a@c.us',
      isMinimized: false,
      isMaximized: false,
      position: { x: 10, y: 10 },
      size: { width: 700, height: 500 },
      z: 1,
      barPosition: null,
      showDetails: true,
      draft: '',
      ...overrides,
    });

    it('restores them in their stacking order, fitted to the viewport, for their owner', () => {
      const state = reduce(
        initialChatWindowsState,
        a.chatWindowsRestored({
          ownerId: 'u1',
          viewport,
          windows: [
            saved({ conversationId: 'a@c.us', z: 9, draft: 'oi' }),
            saved({ conversationId: 'b@c.us', z: 4, position: { x: 5000, y: -3 }, isMinimized: true }),
            saved({ conversationId: 'a@c.us', z: 2 }),
          ],
        }),
      );
      expect(state.ownerId).toBe('u1');
      expect(state.windows.map((w) => [w.conversationId, w.z])).toEqual([
        ['b@c.us', 1],
        ['a@c.us', 2],
      ]);
      expect(state.topZ).toBe(2);
      expect(win(state, 'b@c.us')).toMatchObject({
        position: { x: 900, y: 0 },
        isMinimized: true,
        barPosition: { x: 16, y: 820 },
      });
      expect(win(state, 'a@c.us')).toMatchObject({ id: A, draft: 'oi' });
    });

    it('signing out clears the windows', () => {
      const state = run(open('a@c.us'), a.chatWindowsCleared());
      expect(state).toEqual(initialChatWindowsState);
    });
  });

  it('side-panel commands: pending, then a success or an error notice', () => {
    let state = run(
      open('a@c.us'),
      a.conversationTransferRequested({ conversationId: 'a@c.us', assigneeId: 'u2' }),
    );
    expect(state.panels['a@c.us']).toEqual({ pending: 'transfer', notice: null });
    state = reduce(state, a.conversationCommandSucceeded({ conversationId: 'a@c.us', message: 'ok' }));
    expect(state.panels['a@c.us']).toEqual({ pending: null, notice: { kind: 'success', text: 'ok' } });
    state = reduce(state, a.conversationArchiveRequested({ conversationId: 'a@c.us' }));
    expect(state.panels['a@c.us']).toEqual({ pending: 'archive', notice: null });
    state = reduce(state, a.conversationCommandFailed({ conversationId: 'a@c.us', error: 'Falhou' }));
    expect(state.panels['a@c.us']).toEqual({ pending: null, notice: { kind: 'error', text: 'Falhou' } });
  });
});
