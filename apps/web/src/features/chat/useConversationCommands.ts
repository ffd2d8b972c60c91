import { useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { failureOf } from '../../server-state/api';
import { conversationsApi } from '../conversations/conversations-endpoints';
import { chatWindowsActions, windowIdFor } from './chatWindowsSlice';
import { FALLBACK_ERROR_TEXT, RATING_SUCCESS_TEXT, TRANSFER_SUCCESS_TEXT } from './texts';

const errorText = (error: unknown): string =>
  failureOf(error as { message?: string } | undefined)?.message || FALLBACK_ERROR_TEXT;

/**
 * The side panel's commands ('Ações') of one conversation: each is a mutation of the inbox
 * (conversations-endpoints.ts: Transferir and Avaliação show at once and are undone if refused); the
 * panel shows it running, then 'Conversa transferida com sucesso!' / 'Avaliação salva com sucesso!' or
 * the server's error. Arquivar closes the window once the server said so.
 */
export function useConversationCommands(conversationId: string, assigned: boolean) {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const { transferConversation, rateConversation, archiveConversation } = conversationsApi.endpoints;
    const failed = (error: unknown) =>
      dispatch(chatWindowsActions.conversationCommandFailed({ conversationId, error: errorText(error) }));
    const succeeded = (message: string) =>
      dispatch(chatWindowsActions.conversationCommandSucceeded({ conversationId, message }));
    return {
      transfer(assigneeId: string) {
        dispatch(chatWindowsActions.conversationTransferRequested({ conversationId, assigneeId }));
        dispatch(transferConversation.initiate({ conversationId, assigneeId, assigned }, { track: false }))
          .unwrap()
          .then(() => succeeded(TRANSFER_SUCCESS_TEXT), failed);
      },
      rate(rating: number) {
        dispatch(chatWindowsActions.conversationRatingRequested({ conversationId, rating }));
        dispatch(rateConversation.initiate({ conversationId, rating }, { track: false }))
          .unwrap()
          .then(() => succeeded(RATING_SUCCESS_TEXT), failed);
      },
      archive() {
        dispatch(chatWindowsActions.conversationArchiveRequested({ conversationId }));
        dispatch(archiveConversation.initiate({ conversationId, optimistic: false }, { track: false }))
          .unwrap()
          .then(
            () => dispatch(chatWindowsActions.chatWindowClosed({ id: windowIdFor(conversationId) })),
            failed,
          );
      },
    };
  }, [assigned, conversationId, dispatch]);
}
