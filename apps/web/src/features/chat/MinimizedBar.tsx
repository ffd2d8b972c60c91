import { X } from 'lucide-react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { Rnd, type RndDragEvent } from 'react-rnd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useBringToFront, windowLabel } from './ChatWindow';
import { chatWindowsActions, type ChatWindowState } from './chatWindowsSlice';
import { isUnreadIncoming, selectConversationMessages } from './messageSelectors';
import { channelLabelOf, customerNameOf, selectConversationRow } from './selectors';
import { takeHandedFocus, windowClosing } from './windowFocus';
import { defaultBarPosition, isClick, MINIMIZED_SIZE, type Point, type Viewport } from './windowGeometry';

export const BAR_DRAG_HANDLE = 'chat-bar-drag-handle';

/** Where a mouse or touch event happened (client coordinates). */
function pointOf(event: RndDragEvent | MouseEvent): Point | null {
  if ('touches' in event) {
    const touch = event.touches[0] ?? event.changedTouches[0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  return { x: event.clientX, y: event.clientY };
}

/**
 * A minimized window: a 240×64 bar (spec §9) that can be dragged; a click restores it, but only when
 * the pointer moved less than 6 px between press and release (spec §4), so dragging it does not.
 */
export function MinimizedBar({
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
  const { id, conversationId } = chatWindow;
  const row = useAppSelector((state) => selectConversationRow(state, conversationId));
  const unread = useAppSelector(
    (state) => selectConversationMessages(state, conversationId).filter(isUnreadIncoming).length,
  );
  const name = customerNameOf(row);
  const bringToFront = useBringToFront(id, isTop);
  /** The press that may become a click: where it started, and whether it went 6 px or more away. */
  const press = useRef<{ start: Point; dragged: boolean } | null>(null);

  // Minimized from the keyboard: 'Restaurar' takes the focus the window's buttons had.
  const barRef = useRef<HTMLDivElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeHandedFocus(id)) restoreRef.current?.focus({ preventScroll: true });
  }, [id]);

  const onMouseDown = (event: MouseEvent) => {
    press.current = { start: { x: event.clientX, y: event.clientY }, dragged: false };
  };
  const onDrag = (event: RndDragEvent) => {
    const at = pointOf(event);
    if (press.current && at && !isClick(press.current.start, at)) press.current.dragged = true;
  };
  const onClick = (event: MouseEvent) => {
    const current = press.current;
    press.current = null;
    // No press recorded: the keyboard (Enter or Space on 'Restaurar') or a programmatic click.
    if (current && (current.dragged || !isClick(current.start, { x: event.clientX, y: event.clientY })))
      return;
    dispatch(chatWindowsActions.chatWindowRestored({ id }));
  };

  return (
    <Rnd
      className="pointer-events-auto"
      style={{ zIndex: stackIndex + 1 }}
      position={chatWindow.barPosition ?? defaultBarPosition(viewport, 0)}
      size={MINIMIZED_SIZE}
      bounds="window"
      enableResizing={false}
      dragHandleClassName={BAR_DRAG_HANDLE}
      cancel="[data-no-drag]"
      onDrag={onDrag}
      onDragStop={(_event, data) => {
        dispatch(chatWindowsActions.chatWindowMoved({ id, position: { x: data.x, y: data.y } }));
      }}
    >
      <div
        ref={barRef}
        role="dialog"
        aria-label={windowLabel(name)}
        data-state="minimized"
        data-conversation-id={conversationId}
        onMouseDownCapture={bringToFront}
        onFocusCapture={bringToFront}
        className="relative flex h-full w-full items-center gap-1 overflow-hidden rounded-xl border border-slate-200 bg-white pr-2 shadow-xl dark:border-blue-900/60 dark:bg-slate-900"
      >
        {/* 'Restaurar' covers the bar without holding its texts: a name must contain the label it
            shows (WCAG 2.5.3), and the bar's texts are the conversation's, in the dialog's name. */}
        <button
          ref={restoreRef}
          type="button"
          aria-label="Restaurar"
          title="Restaurar"
          onMouseDown={onMouseDown}
          onClick={onClick}
          className={`${BAR_DRAG_HANDLE} absolute inset-0 cursor-move rounded-xl focus-visible:-outline-offset-2`}
        />
        <span className="pointer-events-none flex h-full min-w-0 flex-1 items-center gap-3 pl-3 select-none">
          <span
            aria-hidden
            className="relative flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-blue-600 to-indigo-600 text-sm font-semibold text-white"
          >
            {name.charAt(0).toLocaleUpperCase('pt-BR')}
            {unread > 0 ? (
              <span className="absolute -top-1 -right-1 min-w-4 rounded-full bg-red-500 px-1 text-[10px] leading-4 text-white">
                {unread > 9 ? '9+' : unread}
              </span>
            ) : null}
          </span>
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
              {name}
            </span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{channelLabelOf(row)}</span>
          </span>
        </span>
        <button
          type="button"
          data-no-drag
          aria-label="Fechar"
          title="Fechar"
          onClick={() => {
            windowClosing(id, conversationId, barRef.current);
            dispatch(chatWindowsActions.chatWindowClosed({ id }));
          }}
          className="relative shrink-0 rounded-lg p-1.5 text-slate-500 transition hover:bg-red-50 hover:text-red-600 dark:text-slate-400 dark:hover:bg-red-500/15"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </Rnd>
  );
}
