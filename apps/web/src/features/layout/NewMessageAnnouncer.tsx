import { useAppSelector } from '../../app/hooks';
import { newMessageText, selectAnnouncement } from './layoutSlice';

/**
 * The dashboard's polite live region (issue 31): 'Nova mensagem de {nome}' as a customer's message
 * arrives, read when the screen reader is idle, without moving the focus. Each announcement is a new
 * node, so a second message from the same person is read again.
 */
export function NewMessageAnnouncer() {
  const announcement = useAppSelector(selectAnnouncement);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="new-message-announcer">
      {announcement ? <p key={announcement.id}>{newMessageText(announcement.name)}</p> : null}
    </div>
  );
}
