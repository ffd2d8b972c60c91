import { errorText } from '../../api/client';
import { withApi } from '../../server-state/with-api';
import { useNow } from '../conversations/useNow';
import type { Email } from './emails-api';
import { useGetEmailsQuery } from './emails-endpoints';
import { EmailItem } from './EmailItem';
import { EmailListStatus } from './EmailListStatus';

/**
 * The newest `limit` e-mails (GET /api/emails?limit=…), fetched when shown and again after a send, a
 * delete or a read (the e-mails' cache tag), the previous list on screen meanwhile.
 */
function EmailsList({ limit, onOpen }: { limit: number; onOpen: (email: Email) => void }) {
  const { data, isLoading, error } = useGetEmailsQuery(limit);
  const now = useNow();
  const emails = (data ?? []).slice(0, limit);
  return (
    <>
      <EmailListStatus
        loading={isLoading && !data}
        error={error ? errorText(error) : null}
        empty={data?.length === 0}
      />
      {emails.length > 0 ? (
        <ul className="space-y-2">
          {emails.map((email) => (
            <EmailItem key={email.id} email={email} now={now} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

export default withApi(EmailsList);
