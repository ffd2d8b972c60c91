import { Check, CheckCheck, FileText, Image, Mic, Star, User, Users, Video } from 'lucide-react';
import { memo, useId, useState, type CSSProperties } from 'react';
import type { Conversation } from '../../api/types';
import {
  READ_STATE_LABELS,
  contactNameOf,
  formatRelativeTime,
  formatUnreadBadge,
  isOnline,
  lastMessageTextOf,
  mediaKindOf,
  messageCountText,
  platformLabelOf,
  readStateOf,
  type MediaKind,
  type ReadState,
} from './row-format';
import { OverLimitBadge } from './OverLimitBadge';
import { RowMenu } from './RowMenu';

/** Fixed height of a row in px (the virtualizer's item size). */
export const ROW_HEIGHT = 80;

const MEDIA_ICONS: Record<MediaKind, typeof Image> = {
  image: Image,
  video: Video,
  audio: Mic,
  document: FileText,
};

function Avatar({ conversation, name }: { conversation: Conversation; name: string }) {
  const picture = conversation.profilePic ?? conversation.profilePicture;
  const [failed, setFailed] = useState<string | null>(null);
  const Fallback = conversation.type === 'group' ? Users : User;
  return (
    <span className="relative shrink-0">
      {picture && failed !== picture ? (
        <img
          src={picture}
          alt=""
          loading="lazy"
          onError={() => setFailed(picture)}
          data-testid="avatar-image"
          className="h-11 w-11 rounded-full object-cover"
        />
      ) : (
        <span
          data-testid="avatar-fallback"
          title={name}
          className="flex h-11 w-11 items-center justify-center rounded-full bg-gradient-to-br from-blue-100 to-indigo-100 text-blue-600 dark:from-blue-900/60 dark:to-indigo-900/60 dark:text-blue-300"
        >
          <Fallback aria-hidden className="h-5 w-5" />
        </span>
      )}
      {isOnline(conversation) ? (
        <span
          data-testid="online-dot"
          title="Online"
          className="absolute right-0 bottom-0 h-3 w-3 rounded-full bg-green-500 ring-2 ring-white dark:ring-slate-900"
        />
      ) : null}
    </span>
  );
}

function ReadStateIcon({ state }: { state: ReadState }) {
  const icon =
    state === 'unread' ? (
      <span className="h-2.5 w-2.5 rounded-full bg-blue-600 dark:bg-blue-400" />
    ) : state === 'sent' ? (
      <Check aria-hidden className="h-4 w-4 text-slate-500 dark:text-slate-400" />
    ) : (
      <CheckCheck
        aria-hidden
        className={
          state === 'delivered'
            ? 'h-4 w-4 text-slate-300 dark:text-slate-500'
            : 'h-4 w-4 text-blue-600 dark:text-blue-400'
        }
      />
    );
  return (
    <span
      data-testid="read-state"
      data-state={state}
      title={READ_STATE_LABELS[state]}
      className="flex h-4 w-4 shrink-0 items-center justify-center"
    >
      {icon}
    </span>
  );
}

export interface ConversationRowProps {
  conversation: Conversation;
  now: number;
  index: number;
  setSize: number;
  style: CSSProperties;
  onSelect: (conversation: Conversation) => void;
  onTogglePin: (conversation: Conversation) => void;
  onArchive: (conversation: Conversation) => void;
}

/**
 * One row of the list (spec §2, §3, §4): avatar or fallback icon with the online dot, the contact
 * name with the pinned star, the relative time, the read-state icon, the last message (media icon),
 * the unread badge ('9+'), the platform and the message count; the 'Mais ações' menu on the right.
 * The row button is named after the contact (then the pin and unread count).
 */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  now,
  index,
  setSize,
  style,
  onSelect,
  onTogglePin,
  onArchive,
}: ConversationRowProps) {
  const name = contactNameOf(conversation);
  const badge = formatUnreadBadge(conversation.unreadCount);
  const readState = readStateOf(conversation, now);
  const media = mediaKindOf(conversation);
  const MediaIcon = media ? MEDIA_ICONS[media] : null;
  const time = formatRelativeTime(conversation.lastTimestamp ?? conversation.updatedAt, now);
  const idBase = useId();
  const unreadText =
    conversation.unreadCount > 0
      ? `, ${conversation.unreadCount} ${conversation.unreadCount === 1 ? 'mensagem não lida' : 'mensagens não lidas'}`
      : '';
  const label = `${name}${conversation.isPinned ? ', fixada' : ''}${unreadText}`;

  return (
    <div
      role="listitem"
      aria-label={name}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-index={index}
      data-conversation-id={conversation.id}
      style={style}
      className="absolute top-0 left-0 w-full px-1 py-0.5"
    >
      {/* The card; its one button (the name) stretches over it, so the button is named after what it shows. */}
      <div
        className={`relative flex h-full w-full items-center gap-3 rounded-xl py-2 pr-11 pl-2.5 transition hover:bg-slate-50 dark:hover:bg-white/5 ${
          badge ? 'bg-blue-50/60 dark:bg-blue-950/30' : ''
        }`}
      >
        <Avatar conversation={conversation} name={name} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-center gap-2">
            <button
              type="button"
              data-row-button
              aria-label={label}
              aria-describedby={`${idBase}-time ${idBase}-message ${idBase}-meta`}
              onClick={() => onSelect(conversation)}
              className={`stretched-action min-w-0 truncate text-left text-sm text-slate-900 dark:text-white ${badge ? 'font-bold' : 'font-semibold'}`}
            >
              {name}
            </button>
            {conversation.isPinned ? (
              <Star
                data-testid="pinned-star"
                aria-hidden
                className="h-3.5 w-3.5 shrink-0 fill-amber-400 text-amber-400"
              />
            ) : null}
            <span
              id={`${idBase}-time`}
              className={`ml-auto shrink-0 text-xs ${badge ? 'font-semibold text-blue-600 dark:text-blue-400' : 'text-slate-500 dark:text-slate-400'}`}
            >
              {time}
            </span>
          </span>
          <span className="flex items-center gap-1.5">
            <ReadStateIcon state={readState} />
            {MediaIcon ? (
              <MediaIcon
                data-testid="media-icon"
                data-media={media ?? undefined}
                aria-hidden
                className="h-3.5 w-3.5 shrink-0 text-slate-500 dark:text-slate-400"
              />
            ) : null}
            <span
              id={`${idBase}-message`}
              className={`min-w-0 flex-1 truncate text-sm ${badge ? 'text-slate-800 dark:text-slate-200' : 'text-slate-500 dark:text-slate-400'}`}
            >
              {lastMessageTextOf(conversation)}
            </span>
            {badge ? (
              <span
                data-testid="unread-badge"
                className="ml-1 flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-blue-600 px-1.5 text-[11px] font-bold text-white"
              >
                {badge}
              </span>
            ) : null}
          </span>
          <span
            id={`${idBase}-meta`}
            className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400"
          >
            <span className="font-medium text-green-700 dark:text-green-400">
              {platformLabelOf(conversation)}
            </span>
            <span aria-hidden>·</span>
            <span>{messageCountText(conversation.messageCount ?? 0)}</span>
            {conversation.overLimitMonth ? (
              <>
                <span aria-hidden>·</span>
                <OverLimitBadge month={conversation.overLimitMonth} />
              </>
            ) : null}
          </span>
        </span>
      </div>
      <span className="absolute top-1/2 right-2 -translate-y-1/2">
        <RowMenu
          contactName={name}
          isPinned={conversation.isPinned}
          onTogglePin={() => onTogglePin(conversation)}
          onArchive={() => onArchive(conversation)}
        />
      </span>
    </div>
  );
});
