import type { ProjectionView } from '@atende/events';
import { userCollections as c, type UserDoc, type UserRefDoc } from './types.js';

export async function getUser(view: ProjectionView, userId: string): Promise<UserDoc | undefined> {
  return view.get<UserDoc>(c.user, userId);
}

/** Case-insensitive (e-mails are stored lower-case); surrounding blanks are ignored. */
export async function findUserByEmail(view: ProjectionView, email: string): Promise<UserDoc | undefined> {
  const key = email.trim().toLowerCase();
  if (!key) return undefined;
  const ref = await view.get<UserRefDoc>(c.byEmail, key);
  return ref ? view.get<UserDoc>(c.user, ref.userId) : undefined;
}

export async function findUserByFirebaseUid(
  view: ProjectionView,
  firebaseUid: string,
): Promise<UserDoc | undefined> {
  if (!firebaseUid) return undefined;
  const ref = await view.get<UserRefDoc>(c.byFirebase, firebaseUid);
  return ref ? view.get<UserDoc>(c.user, ref.userId) : undefined;
}
