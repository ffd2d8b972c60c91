import { FileText } from 'lucide-react';
import type { ChatMessage } from '../../messages/messages-endpoints';
import { DOCUMENT_FALLBACK_NAME } from './mediaTexts';

/** The file's name (an own file while uploading, or media not stored yet); nothing without one. */
function FileName({ name }: { name: string | null | undefined }) {
  if (!name) return null;
  return (
    <p className="mb-1 flex items-center gap-1.5 font-medium break-all">
      <FileText aria-hidden className="h-4 w-4 shrink-0" />
      {name}
    </p>
  );
}

/**
 * The media of a message, from its stored URL (or an own image's local preview): the image, an
 * audio or video player, or a link that downloads the document under its name. `label` names it
 * for screen readers (its caption, else '[Mídia: tipo]').
 */
export function MessageMedia({ message, label }: { message: ChatMessage; label: string }) {
  const url =
    message.mediaStatus === 'stored' && typeof message.mediaUrl === 'string' ? message.mediaUrl : null;
  const type = message.type;
  if (type === 'text') return null;
  if (!url) return <FileName name={message.fileName} />;
  switch (type) {
    case 'image':
      return (
        <img
          src={url}
          alt={label}
          loading="lazy"
          className="mb-1 max-h-64 max-w-full rounded-lg object-contain"
        />
      );
    case 'audio':
      return <audio controls preload="none" src={url} aria-label={label} className="mb-1 max-w-full" />;
    case 'video':
      return (
        <video
          controls
          preload="metadata"
          src={url}
          aria-label={label}
          className="mb-1 max-h-64 max-w-full rounded-lg"
        />
      );
    case 'document': {
      const name = message.fileName || DOCUMENT_FALLBACK_NAME;
      return (
        <a
          href={url}
          download={message.fileName || ''}
          className="mb-1 flex items-center gap-1.5 font-medium break-all underline underline-offset-2"
        >
          <FileText aria-hidden className="h-4 w-4 shrink-0" />
          {name}
        </a>
      );
    }
    default: {
      const never: never = type;
      return never;
    }
  }
}
