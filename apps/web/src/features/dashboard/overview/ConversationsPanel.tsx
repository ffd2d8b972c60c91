import { MessagesSquare, RefreshCw } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConversationList } from '../../conversations/ConversationList';
import { conversationsRequested } from '../../conversations/conversations-endpoints';
import { selectConversationsRefreshing } from '../../conversations/selectors';
import { Panel, panelButtonClass } from './Panel';

/** The 'Conversas Ativas' column: the conversation list and a refresh button. */
export function ConversationsPanel() {
  const dispatch = useAppDispatch();
  const refreshing = useAppSelector(selectConversationsRefreshing);
  return (
    <Panel
      title="Conversas Ativas"
      icon={MessagesSquare}
      actions={
        <button
          type="button"
          aria-label="Atualizar conversas"
          title="Atualizar conversas"
          onClick={() => dispatch(conversationsRequested())}
          className={panelButtonClass}
        >
          <RefreshCw aria-hidden className={`h-4 w-4 ${refreshing ? 'motion-safe:animate-spin' : ''}`} />
        </button>
      }
    >
      <ConversationList />
    </Panel>
  );
}
