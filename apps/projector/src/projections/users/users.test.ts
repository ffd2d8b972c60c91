import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import { findUserByEmail, findUserByFirebaseUid, getUser, usersProjection } from './index.js';

function register(log: TestLog, userId: string, email: string, firebaseUid: string | null = null) {
  return log.append(
    `user-${userId}`,
    {
      type: 'UserRegistered',
      data: {
        userId,
        email,
        name: `Nome ${userId}`,
        authProvider: firebaseUid ? 'firebase' : 'local',
        passwordHash: firebaseUid ? null : 'scrypt$abc',
        firebaseUid,
      },
    },
    { at: '2026-11-02T10:00:00.000Z' },
  );
}

describe('users projection', () => {
  it('stores a registered user with lookups by e-mail and firebase uid', async () => {
    const log = new TestLog();
    register(log, 'u1', 'ana@example.com');
    register(log, 'u2', 'bia@example.com', 'fb-2');
    const view = (await project(usersProjection, log.events)).view('users');

    expect(await getUser(view, 'u1')).toEqual({
      userId: 'u1',
      email: 'ana@example.com',
      name: 'Nome u1',
      authProvider: 'local',
      firebaseUid: null,
      theme: null,
      createdAt: '2026-11-02T10:00:00.000Z',
      workspaceId: 'w1',
      passwordChangedAt: '2026-11-02T10:00:00.000Z',
    });
    expect((await findUserByEmail(view, '  ANA@Example.com '))?.userId).toBe('u1');
    expect((await findUserByEmail(view, 'bia@example.com'))?.firebaseUid).toBe('fb-2');
    expect(await findUserByEmail(view, 'nobody@example.com')).toBeUndefined();
    expect(await findUserByEmail(view, '')).toBeUndefined();
    expect((await findUserByFirebaseUid(view, 'fb-2'))?.userId).toBe('u2');
    expect(await findUserByFirebaseUid(view, 'fb-x')).toBeUndefined();
    expect(await view.get('user-by-firebase', 'u1')).toBeUndefined();
    expect((await view.dump()).docs['user-by-firebase']).toEqual({ 'fb-2': { userId: 'u2' } });
  });

  it('changes the password dates and the theme', async () => {
    const log = new TestLog();
    register(log, 'u1', 'ana@example.com');
    log.append(
      'user-u1',
      { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$reset', temporary: true } },
      { workspaceId: 'w1', at: '2026-11-03T10:00:00.000Z' },
    );
    let view = (await project(usersProjection, log.events)).view('users');
    expect(await getUser(view, 'u1')).toMatchObject({
      passwordTemporary: true,
      passwordChangedAt: '2026-11-03T10:00:00.000Z',
    });
    log.append(
      'user-u1',
      { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new' } },
      { workspaceId: 'w1', at: '2026-11-04T10:00:00.000Z' },
    );
    log.append('user-u1', { type: 'UserThemeChanged', data: { userId: 'u1', theme: 'dark' } });
    view = (await project(usersProjection, log.events)).view('users');
    const user = await getUser(view, 'u1');
    expect(user).toMatchObject({
      theme: 'dark',
      passwordChangedAt: '2026-11-04T10:00:00.000Z',
    });
    expect(user?.passwordTemporary).toBeUndefined();
  });

  it('never holds a password hash, in any document', async () => {
    const log = new TestLog();
    register(log, 'u1', 'ana@example.com');
    register(log, 'u2', 'bia@example.com', 'fb-2');
    log.append('user-u1', {
      type: 'UserPasswordChanged',
      data: { userId: 'u1', passwordHash: 'scrypt$reset', temporary: true },
    });
    log.append('user-u1', {
      type: 'UserPasswordChanged',
      data: { userId: 'u1', passwordHash: 'scrypt$new' },
    });
    const dump = await (await project(usersProjection, log.events)).view('users').dump();
    const stored = JSON.stringify(dump);
    expect(stored).toContain('ana@example.com');
    for (const secret of ['scrypt$abc', 'scrypt$reset', 'scrypt$new', 'passwordHash']) {
      expect(stored).not.toContain(secret);
    }
  });

  it('skips changes of unknown users', async () => {
    const log = new TestLog();
    log.append('user-x', { type: 'UserPasswordChanged', data: { userId: 'x', passwordHash: 'h' } });
    log.append('user-x', { type: 'UserThemeChanged', data: { userId: 'x', theme: 'light' } });
    const view = (await project(usersProjection, log.events)).view('users');
    expect((await view.dump()).docs).toEqual({});
  });

  it('keeps an e-mail with the first user that registered it', async () => {
    const log = new TestLog();
    register(log, 'u1', 'ana@example.com');
    register(log, 'u2', 'ana@example.com');
    const view = (await project(usersProjection, log.events)).view('users');
    expect((await findUserByEmail(view, 'ana@example.com'))?.userId).toBe('u1');
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    register(log, 'u1', 'ana@example.com');
    register(log, 'u2', 'bia@example.com', 'fb-2');
    log.append('user-u1', { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2' } });
    log.append('user-u2', { type: 'UserThemeChanged', data: { userId: 'u2', theme: 'light' } });
    log.append('user-u1', { type: 'UserThemeChanged', data: { userId: 'u1', theme: 'dark' } });
    await expectReplayStable(usersProjection, log.events);
  });
});
