import type { ProjectionView } from '@atende/events';
import { EMAIL_COLLECTION, emailDocId, workspaceEmailsIndex, type EmailDoc } from './types.js';

/** The workspace's e-mails, newest first. */
export async function listEmails(
  view: ProjectionView,
  workspaceId: string,
  options: { limit?: number } = {},
): Promise<EmailDoc[]> {
  const entries = await view.range(workspaceEmailsIndex(workspaceId), {
    reverse: true,
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
  const docs = await view.getMany<EmailDoc>(
    EMAIL_COLLECTION,
    entries.map((e) => emailDocId(workspaceId, e.id)),
  );
  return docs.filter((d): d is EmailDoc => d !== undefined);
}

export async function getEmail(
  view: ProjectionView,
  workspaceId: string,
  emailId: string,
): Promise<EmailDoc | undefined> {
  return view.get<EmailDoc>(EMAIL_COLLECTION, emailDocId(workspaceId, emailId));
}
