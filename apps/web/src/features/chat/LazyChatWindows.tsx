import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectChatWindows } from './selectors';

// The windows (react-rnd and the chat UI) load with the first opened conversation, so they stay out
// of the JavaScript the dashboard needs to start.
const ChatWindows = lazy(() => import('./ChatWindows').then((module) => ({ default: module.ChatWindows })));

/** The floating chat windows, loaded once there is one to show. */
export function LazyChatWindows() {
  const open = useAppSelector((state) => selectChatWindows(state).length > 0);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChatWindows />
    </Suspense>
  );
}
