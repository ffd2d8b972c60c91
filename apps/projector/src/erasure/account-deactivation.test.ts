import { TestLog, expectReplayStable, project } from '../testing/test-log.js';
import { getMember, membersProjection } from '../projections/members/index.js';
import { getUser, usersProjection } from '../projections/users/index.js';

/** 'Desativar conta permanentemente' as the users and members read models show it. */
function log(): TestLog {
  const l = new TestLog();
  l.append('user-ana', {
    type: 'UserRegistered',
    data: {
      userId: 'ana',
      email: 'ana@example.com',
      name: 'Ana',
      authProvider: 'local',
      passwordHash: 'scrypt$abc',
      firebaseUid: null,
    },
  });
  for (const ws of ['w1', 'w2']) {
    l.append(
      `member-${ws}-ana`,
      {
        type: 'MemberAdded',
        data: {
          workspaceId: ws,
          userId: 'ana',
          name: 'Ana',
          email: 'ana@example.com',
          role: 'Admin',
          status: 'active',
        },
      },
      { workspaceId: ws },
    );
  }
  l.append(
    'user-ana',
    { type: 'UserDeactivated', data: { userId: 'ana', byUserId: 'ana' } },
    { workspaceId: 'w1', actorId: 'ana', at: '2026-11-03T09:00:00.000Z' },
  );
  return l;
}

describe('account deactivation in the read models', () => {
  it('marks the user deactivated (login refuses it) and keeps the rest of the account', async () => {
    const view = (await project(usersProjection, log().events)).view('users');
    expect(await getUser(view, 'ana')).toMatchObject({
      userId: 'ana',
      email: 'ana@example.com',
      deactivatedAt: '2026-11-03T09:00:00.000Z',
    });
  });

  it('shows the member as Inativo in every team of the account', async () => {
    const view = (await project(membersProjection, log().events)).view('members');
    expect((await getMember(view, 'w1', 'ana'))?.status).toBe('inactive');
    expect((await getMember(view, 'w2', 'ana'))?.status).toBe('inactive');
  });

  it('replays to the same read models', async () => {
    await expectReplayStable(usersProjection, log().events);
    await expectReplayStable(membersProjection, log().events);
  });
});
