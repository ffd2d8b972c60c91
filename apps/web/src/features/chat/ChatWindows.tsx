import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ChatWindow } from './ChatWindow';
import { chatWindowsActions } from './chatWindowsSlice';
import { MinimizedBar } from './MinimizedBar';
import { selectChatWindows } from './selectors';
import { currentViewport, type Viewport } from './windowGeometry';

/** The browser viewport, following resizes; every window is kept inside it. */
function useViewport(): Viewport {
  const dispatch = useAppDispatch();
  const [viewport, setViewport] = useState(currentViewport);
  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = currentViewport();
        setViewport((was) => (was.width === next.width && was.height === next.height ? was : next));
        dispatch(chatWindowsActions.chatWindowsViewportChanged({ viewport: next }));
      });
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [dispatch]);
  return viewport;
}

/** The floating chat windows of the signed-in agent, over every dashboard screen. */
export function ChatWindows() {
  const windows = useAppSelector(selectChatWindows);
  const viewport = useViewport();
  if (windows.length === 0) return null;

  // Stacking: the window with the highest z is in front.
  const order = [...windows].sort((a, b) => a.z - b.z);
  const top = order[order.length - 1];

  return (
    <div className="pointer-events-none fixed inset-0 z-40" data-testid="chat-windows">
      {windows.map((chatWindow) => {
        const props = {
          chatWindow,
          isTop: chatWindow === top,
          stackIndex: order.indexOf(chatWindow),
          viewport,
        };
        return chatWindow.isMinimized ? (
          <MinimizedBar key={chatWindow.id} {...props} />
        ) : (
          <ChatWindow key={chatWindow.id} {...props} />
        );
      })}
    </div>
  );
}
