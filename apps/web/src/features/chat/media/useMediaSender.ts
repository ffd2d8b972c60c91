import { useCallback, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../auth/selectors';
import { chatWindowsActions } from '../chatWindowsSlice';
import { captionRefusal, checkMedia } from './mediaRules';
import { sendMedia } from './mediaSender';

/**
 * Files the agent picks, pastes or drops into a chat window: each allowed one is sent (the draft
 * becomes the first one's caption and is cleared), the others are refused before any upload. The
 * refusal's text stays until the agent types or tries again.
 */
export function useMediaSender(windowId: string, conversationId: string, draft: string) {
  const dispatch = useAppDispatch();
  const senderName = useAppSelector(selectUser)?.name;
  const [refusal, setRefusal] = useState<{ text: string; draft: string } | null>(null);

  const sendFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      let caption = draft.trim();
      const tooLong = captionRefusal(caption);
      if (tooLong) {
        setRefusal({ text: tooLong, draft });
        return;
      }
      const refused: string[] = [];
      let sent = false;
      for (const file of files) {
        const { kind, error } = checkMedia(file);
        if (error !== undefined) {
          refused.push(files.length > 1 ? `${file.name}: ${error}` : error);
          continue;
        }
        sendMedia(dispatch, { conversationId, file, kind, caption, ...(senderName ? { senderName } : {}) });
        caption = '';
        sent = true;
      }
      if (sent && draft) dispatch(chatWindowsActions.chatWindowDraftChanged({ id: windowId, draft: '' }));
      setRefusal(refused.length > 0 ? { text: refused.join(' '), draft: sent ? '' : draft } : null);
    },
    [dispatch, conversationId, windowId, draft, senderName],
  );

  // Typing puts the refusal away for good (not back when the text returns to what it was).
  if (refusal && refusal.draft !== draft) setRefusal(null);
  return { sendFiles, refusal: refusal?.draft === draft ? refusal.text : null };
}
