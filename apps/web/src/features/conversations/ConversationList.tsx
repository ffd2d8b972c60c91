import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { Conversation } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { chatWindowsActions } from '../chat/chatWindowsSlice';
import { ConversationRow, ROW_HEIGHT } from './ConversationRow';
import { conversationsApi } from './conversations-endpoints';
import {
  FILTERS,
  SORTS,
  conversationCountText,
  countByFilter,
  visibleConversations,
  type ConversationFilter,
  type ConversationSort,
} from './list-view';
import { selectConversationActionError, selectConversations, selectConversationsError } from './selectors';
import { useNow } from './useNow';

/** Spec §9: the list is at most 24rem high (384 px at the default font size). */
export const LIST_MAX_HEIGHT_PX = 384;

export const EMPTY_SEARCH_TEXT = 'Nenhuma conversa encontrada';
export const EMPTY_LIST_TEXT = 'Nenhuma conversa ativa';

/**
 * The list's right edge on screen, which a new chat window opens beside so it does not cover the
 * rows (issue 31); none when the list has no layout (not rendered yet, or jsdom).
 */
function listEdgeOf(element: HTMLElement | null): { listRight?: number } {
  const rect = element?.getBoundingClientRect();
  return rect && rect.width > 0 ? { listRight: rect.right } : {};
}

/**
 * The scroll box's size for the virtualizer; before it is laid out (or where nothing is, as in
 * jsdom) it counts as the list's maximum height, so the first window of rows renders at once.
 */
function observeListRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: LIST_MAX_HEIGHT_PX }),
  );
}

function VirtualRows({
  conversations,
  now,
  onSelect,
  onTogglePin,
  onArchive,
}: {
  conversations: Conversation[];
  now: number;
  onSelect: (conversation: Conversation) => void;
  onTogglePin: (conversation: Conversation) => void;
  onArchive: (conversation: Conversation) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const virtualizer = useVirtualizer({
    count: conversations.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => conversations[index]?.id ?? index,
    overscan: 6,
    initialRect: { width: 0, height: LIST_MAX_HEIGHT_PX },
    observeElementRect: observeListRect,
  });

  // Arrow keys move between rows, scrolling the next one into the window first.
  useEffect(() => {
    if (focusIndex === null) return;
    const button = scrollRef.current?.querySelector<HTMLElement>(
      `[data-index="${focusIndex}"] [data-row-button]`,
    );
    if (button) {
      button.focus();
      setFocusIndex(null);
    }
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.hasAttribute('data-row-button')) return;
    const current = Number(target.closest('[data-index]')?.getAttribute('data-index'));
    const last = conversations.length - 1;
    const next =
      event.key === 'ArrowDown'
        ? Math.min(current + 1, last)
        : event.key === 'ArrowUp'
          ? Math.max(current - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null || Number.isNaN(current)) return;
    event.preventDefault();
    virtualizer.scrollToIndex(next, { align: 'auto' });
    setFocusIndex(next);
  };

  const archive = useCallback(
    (conversation: Conversation) => {
      onArchive(conversation);
      scrollRef.current?.focus({ preventScroll: true });
    },
    [onArchive],
  );

  return (
    <div
      ref={scrollRef}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="conversation-scroll"
      data-menu-boundary
      className="max-h-96 overflow-y-auto overscroll-contain outline-none"
      style={{ maxHeight: '24rem' }}
    >
      <div
        role="list"
        aria-label="Conversas"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const conversation = conversations[item.index];
          if (!conversation) return null;
          return (
            <ConversationRow
              key={item.key}
              conversation={conversation}
              now={now}
              index={item.index}
              setSize={conversations.length}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              onSelect={onSelect}
              onTogglePin={onTogglePin}
              onArchive={archive}
            />
          );
        })}
      </div>
    </div>
  );
}

/**
 * The conversation list (spec §2): search 'Buscar conversas...', the chips Todas / Não lidas /
 * Grupos / Privadas with their counts, the sort selector ('Ordenar'), the '{n} conversa(s)' counter
 * and a virtualized list at most 24rem high. A click on a row marks it read when it is unread and
 * opens its chat window.
 */
export function ConversationList() {
  const dispatch = useAppDispatch();
  const conversations = useAppSelector(selectConversations);
  const loadError = useAppSelector(selectConversationsError);
  const actionError = useAppSelector(selectConversationActionError);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [sort, setSort] = useState<ConversationSort>('recent');
  const deferredSearch = useDeferredValue(search);
  const now = useNow();
  const searchId = useId();
  const sortId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const counts = useMemo(() => countByFilter(conversations), [conversations]);
  const shown = useMemo(
    () => visibleConversations(conversations, { search: deferredSearch, filter, sort }),
    [conversations, deferredSearch, filter, sort],
  );

  // The row actions show at once, are undone if refused and their error is shown above the list
  // (conversations-endpoints.ts).
  const { markConversationRead, pinConversation, archiveConversation } = conversationsApi.endpoints;

  const onSelect = useCallback(
    (conversation: Conversation) => {
      if (conversation.unreadCount > 0) {
        void dispatch(markConversationRead.initiate(conversation.id, { track: false }));
      }
      dispatch(
        chatWindowsActions.chatWindowOpened({
          conversationId: conversation.id,
          ...listEdgeOf(rootRef.current),
        }),
      );
    },
    [dispatch, markConversationRead],
  );
  const onTogglePin = useCallback(
    (conversation: Conversation) =>
      void dispatch(
        pinConversation.initiate(
          { conversationId: conversation.id, pinned: !conversation.isPinned },
          { track: false },
        ),
      ),
    [dispatch, pinConversation],
  );
  const onArchive = useCallback(
    (conversation: Conversation) =>
      void dispatch(
        archiveConversation.initiate({ conversationId: conversation.id, optimistic: true }, { track: false }),
      ),
    [dispatch, archiveConversation],
  );

  const searching = deferredSearch.trim() !== '' || filter !== 'all';

  return (
    <div ref={rootRef} data-conversation-list className="flex min-h-0 flex-col gap-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Buscar conversas
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Buscar conversas..."
          autoComplete="off"
          className="input pl-9 text-sm"
        />
      </div>

      <div role="group" aria-label="Filtrar conversas" className="flex flex-wrap gap-1.5">
        {FILTERS.map((chip) => {
          const pressed = filter === chip.value;
          return (
            <button
              key={chip.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => setFilter(chip.value)}
              className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold transition ${
                pressed
                  ? 'bg-blue-600 text-white shadow-sm'
                  : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700'
              }`}
            >
              {chip.label}
              <span
                className={`rounded-full px-1.5 text-[11px] ${pressed ? 'bg-white/25' : 'bg-white text-slate-500 dark:bg-slate-900 dark:text-slate-400'}`}
              >
                {counts[chip.value]}
              </span>
            </button>
          );
        })}
      </div>

      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-xs font-medium text-slate-500 dark:text-slate-400">
            Ordenar
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as ConversationSort)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <p aria-live="polite" className="text-xs font-medium text-slate-500 dark:text-slate-400">
          {conversationCountText(shown.length)}
        </p>
      </div>

      {actionError || loadError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {actionError ?? loadError}
        </p>
      ) : null}

      {shown.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
          {searching ? EMPTY_SEARCH_TEXT : EMPTY_LIST_TEXT}
        </p>
      ) : (
        <VirtualRows
          conversations={shown}
          now={now}
          onSelect={onSelect}
          onTogglePin={onTogglePin}
          onArchive={onArchive}
        />
      )}
    </div>
  );
}
