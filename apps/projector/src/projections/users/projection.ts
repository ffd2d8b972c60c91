import type { ProjectionTx } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { USERS_PROJECTION, userCollections as c, type UserDoc, type UserRefDoc } from './types.js';

/** Points a lookup key at a user; the first user to claim a key keeps it. */
function claim(tx: ProjectionTx, collection: string, key: string, userId: string): void {
  const current = tx.get<UserRefDoc>(collection, key);
  if (current && current.userId !== userId) return;
  if (!current) tx.put(collection, key, { userId } satisfies UserRefDoc);
}

/**
 * Users: accounts, with lookups by e-mail and by Firebase uid (login). No password hash: sign-in
 * reads it from the account's stream (the read models are published to every host).
 */
export const usersProjection = defineProjection(USERS_PROJECTION, {
  UserRegistered: (event, tx) => {
    const d = event.data;
    const doc: UserDoc = {
      userId: d.userId,
      email: d.email,
      name: d.name,
      authProvider: d.authProvider,
      firebaseUid: d.firebaseUid,
      theme: null,
      createdAt: event.metadata.occurredAt,
      workspaceId: event.metadata.workspaceId,
      ...(d.temporaryPassword ? { passwordTemporary: true } : {}),
      passwordChangedAt: event.metadata.occurredAt,
    };
    tx.put(c.user, d.userId, doc);
    claim(tx, c.byEmail, d.email, d.userId);
    if (d.firebaseUid !== null) claim(tx, c.byFirebase, d.firebaseUid, d.userId);
  },
  UserPasswordChanged: (event, tx) => {
    const user = tx.get<UserDoc>(c.user, event.data.userId);
    if (!user) return;
    const { passwordTemporary: _was, ...rest } = user;
    tx.put(c.user, user.userId, {
      ...rest,
      ...(event.data.temporary ? { passwordTemporary: true } : {}),
      passwordChangedAt: event.metadata.occurredAt,
    } satisfies UserDoc);
  },
  UserThemeChanged: (event, tx) => {
    const user = tx.get<UserDoc>(c.user, event.data.userId);
    if (!user) return;
    tx.put(c.user, user.userId, { ...user, theme: event.data.theme } satisfies UserDoc);
  },
  UserWorkspaceSelected: (event, tx) => {
    const user = tx.get<UserDoc>(c.user, event.data.userId);
    if (!user) return;
    tx.put(c.user, user.userId, { ...user, lastWorkspaceId: event.data.workspaceId } satisfies UserDoc);
  },
  UserTwoFactorEnabled: (event, tx) => {
    const user = tx.get<UserDoc>(c.user, event.data.userId);
    if (user) tx.put(c.user, user.userId, { ...user, twoFactorEnabled: true } satisfies UserDoc);
  },
  UserTwoFactorDisabled: (event, tx) => {
    const user = tx.get<UserDoc>(c.user, event.data.userId);
    if (!user) return;
    const { twoFactorEnabled: _was, ...rest } = user;
    tx.put(c.user, user.userId, rest satisfies UserDoc);
  },
  UserDeactivated: (event, tx) => {
    const user = tx.get<UserDoc>(c.user, event.data.userId);
    if (!user || user.deactivatedAt !== undefined) return;
    const deactivatedAt = new Date(Date.parse(event.metadata.occurredAt)).toISOString();
    tx.put(c.user, user.userId, { ...user, deactivatedAt } satisfies UserDoc);
  },
});
