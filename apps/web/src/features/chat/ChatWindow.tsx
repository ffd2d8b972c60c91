import { Maximize2, Minimize2, Minus, PanelRightClose, PanelRightOpen, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef } from 'react';
import { Rnd } from 'react-rnd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { OverLimitBadge } from '../conversations/OverLimitBadge';
import { chatWindowsActions, type ChatWindowState } from './chatWindowsSlice';
import { Composer } from './Composer';
import { useFileDrop } from './media/useFileDrop';
import { DROP_HINT_TEXT } from './media/mediaTexts';
import { useMediaSender } from './media/useMediaSender';
import { handFocusToBar, holdsFocus, rememberOpener, windowClosing } from './windowFocus';
import { conversationViewed, isUnreadIncoming, selectConversationMessages } from './messageSelectors';
import { MessageList } from './MessageList';
import { channelLabelOf, customerNameOf, selectConversationRow } from './selectors';
import { SidePanel } from './SidePanel';
import { SuggestionsStrip } from './SuggestionsStrip';
import { MIN_WINDOW_SIZE, PANEL_BESIDE_MIN_WIDTH, SMALL_WINDOW_WIDTH, type Viewport } from './windowGeometry';

/** The header is the drag handle; its buttons and fields are not. */
export const WINDOW_DRAG_HANDLE = 'chat-window-drag-handle';
const NOT_DRAGGABLE = 'button, a, input, select, textarea, [data-no-drag]';
const CORNERS = {
  top: false,
  right: false,
  bottom: false,
  left: false,
  topLeft: true,
  topRight: true,
  bottomLeft: true,
  bottomRight: true,
};

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

const headerButton =
  'rounded-lg p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

/** The `dialog` label of a conversation's window (its minimized bar carries the same). */
export const windowLabel = (customerName: string): string => `Conversa com ${customerName}`;

export function useBringToFront(id: string, isTop: boolean) {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    if (!isTop) dispatch(chatWindowsActions.chatWindowFocused({ id }));
  }, [dispatch, isTop, id]);
}

/** Number of incoming messages not yet read (to mark them read while shown). */
function useUnreadIncoming(conversationId: string): number {
  return useAppSelector(
    (state) => selectConversationMessages(state, conversationId).filter(isUnreadIncoming).length,
  );
}

/**
 * One floating chat window (spec §2): draggable by its header inside the viewport, resizable from
 * the corners (at least 300×400), maximizable to the whole viewport, minimizable to a bar, closable.
 */
export function ChatWindow({
  chatWindow,
  isTop,
  stackIndex,
  viewport,
}: {
  chatWindow: ChatWindowState;
  isTop: boolean;
  stackIndex: number;
  viewport: Viewport;
}) {
  const dispatch = useAppDispatch();
  const { id, conversationId, isMaximized, showDetails } = chatWindow;
  const row = useAppSelector((state) => selectConversationRow(state, conversationId));
  const name = customerNameOf(row);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const panelId = useId();
  const bringToFront = useBringToFront(id, isTop);
  const width = isMaximized ? viewport.width : chatWindow.size.width;
  const small = width < SMALL_WINDOW_WIDTH;
  const { sendFiles, refusal } = useMediaSender(id, conversationId, chatWindow.draft);
  const { dragging, dropHandlers } = useFileDrop(sendFiles);

  // Shown (open and not minimized): its incoming messages are read, now and as they arrive.
  const unread = useUnreadIncoming(conversationId);
  useEffect(() => {
    dispatch(conversationViewed({ conversationId }));
  }, [dispatch, conversationId]);
  useEffect(() => {
    if (unread > 0) dispatch(conversationViewed({ conversationId }));
  }, [dispatch, conversationId, unread]);

  // The front window takes the keyboard when it appears (opened or restored); closing gives it back.
  const initiallyTop = useRef(isTop);
  const windowRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    rememberOpener(id);
    if (initiallyTop.current) textareaRef.current?.focus({ preventScroll: true });
  }, [id]);

  const pickSuggestion = useCallback(
    (text: string) => {
      dispatch(chatWindowsActions.chatWindowDraftChanged({ id, draft: text }));
      textareaRef.current?.focus();
    },
    [dispatch, id],
  );

  return (
    <Rnd
      className="pointer-events-auto"
      style={{ zIndex: stackIndex + 1 }}
      position={isMaximized ? { x: 0, y: 0 } : chatWindow.position}
      size={isMaximized ? viewport : chatWindow.size}
      minWidth={Math.min(MIN_WINDOW_SIZE.width, viewport.width)}
      minHeight={Math.min(MIN_WINDOW_SIZE.height, viewport.height)}
      bounds="window"
      dragHandleClassName={WINDOW_DRAG_HANDLE}
      cancel={NOT_DRAGGABLE}
      disableDragging={isMaximized}
      enableResizing={isMaximized ? false : CORNERS}
      onDragStop={(_event, data) => {
        dispatch(chatWindowsActions.chatWindowMoved({ id, position: { x: data.x, y: data.y } }));
      }}
      onResizeStop={(_event, _direction, element, _delta, position) => {
        const measured = {
          width: parseFloat(element.style.width) || element.offsetWidth,
          height: parseFloat(element.style.height) || element.offsetHeight,
        };
        dispatch(chatWindowsActions.chatWindowResized({ id, size: measured, position }));
      }}
    >
      <div
        ref={windowRef}
        role="dialog"
        aria-label={windowLabel(name)}
        data-state={isMaximized ? 'maximized' : 'normal'}
        data-conversation-id={conversationId}
        onMouseDownCapture={bringToFront}
        onFocusCapture={bringToFront}
        {...dropHandlers}
        className={cx(
          'flex h-full w-full flex-col overflow-hidden border border-slate-200 bg-white shadow-2xl dark:border-blue-900/60 dark:bg-slate-900 dark:shadow-black/50',
          isMaximized ? 'rounded-none' : 'rounded-xl',
          isTop ? 'ring-2 ring-blue-500/40' : 'ring-0',
        )}
      >
        <header
          className={cx(
            WINDOW_DRAG_HANDLE,
            'flex shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 py-2 select-none dark:border-slate-700 dark:bg-slate-900',
            !isMaximized && 'cursor-move',
          )}
          onDoubleClick={(event) => {
            if ((event.target as HTMLElement).closest(NOT_DRAGGABLE)) return;
            dispatch(chatWindowsActions.chatWindowMaximizeToggled({ id }));
          }}
        >
          <span
            aria-hidden
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-blue-600 to-indigo-600 text-sm font-semibold text-white"
          >
            {name.charAt(0).toLocaleUpperCase('pt-BR')}
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-sm font-semibold text-slate-900 dark:text-white">{name}</h2>
            <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
              <span aria-hidden className="h-2 w-2 rounded-full bg-green-500" />
              {channelLabelOf(row)}
              <OverLimitBadge month={row?.overLimitMonth} />
            </p>
          </div>
          <button
            type="button"
            aria-label={showDetails ? 'Ocultar detalhes' : 'Mostrar detalhes'}
            title={showDetails ? 'Ocultar detalhes' : 'Mostrar detalhes'}
            aria-expanded={showDetails}
            aria-controls={showDetails ? panelId : undefined}
            onClick={() => dispatch(chatWindowsActions.chatWindowDetailsToggled({ id }))}
            className={headerButton}
          >
            {showDetails ? (
              <PanelRightClose aria-hidden className="h-4 w-4" />
            ) : (
              <PanelRightOpen aria-hidden className="h-4 w-4" />
            )}
          </button>
          <button
            type="button"
            aria-label="Minimizar"
            title="Minimizar"
            onClick={() => {
              if (holdsFocus(windowRef.current)) handFocusToBar(id);
              dispatch(chatWindowsActions.chatWindowMinimized({ id }));
            }}
            className={headerButton}
          >
            <Minus aria-hidden className="h-4 w-4" />
          </button>
          <button
            type="button"
            aria-label={isMaximized ? 'Restaurar' : 'Maximizar'}
            title={isMaximized ? 'Restaurar' : 'Maximizar'}
            onClick={() => dispatch(chatWindowsActions.chatWindowMaximizeToggled({ id }))}
            className={headerButton}
          >
            {isMaximized ? (
              <Minimize2 aria-hidden className="h-4 w-4" />
            ) : (
              <Maximize2 aria-hidden className="h-4 w-4" />
            )}
          </button>
          <button
            type="button"
            aria-label="Fechar"
            title="Fechar"
            onClick={() => {
              windowClosing(id, conversationId, windowRef.current);
              dispatch(chatWindowsActions.chatWindowClosed({ id }));
            }}
            className={cx(headerButton, 'hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/15')}
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </header>

        <div className="relative flex min-h-0 flex-1">
          {dragging ? (
            <div className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-xl border-2 border-dashed border-blue-500 bg-blue-50/90 text-sm font-semibold text-blue-700 dark:bg-slate-900/90 dark:text-blue-300">
              {DROP_HINT_TEXT}
            </div>
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col">
            <MessageList conversationId={conversationId} />
            <SuggestionsStrip conversationId={conversationId} onPick={pickSuggestion} />
            <Composer
              windowId={id}
              conversationId={conversationId}
              draft={chatWindow.draft}
              small={small}
              textareaRef={textareaRef}
              onFiles={sendFiles}
              fileError={refusal}
            />
          </div>
          {showDetails ? (
            <SidePanel
              id={panelId}
              conversationId={conversationId}
              row={row}
              overlay={width < PANEL_BESIDE_MIN_WIDTH}
            />
          ) : null}
        </div>
      </div>
    </Rnd>
  );
}
