import { EventRegistry } from '../core/registry.js';
import { spec } from '../testing/given-when-then.js';
import type { MemberCommand } from './commands.js';
import { memberDecider } from './decider.js';
import type { MemberEvent } from './events.js';
import { memberEventDefinitions } from './events.js';
import { memberRoles, memberStatuses } from './roles.js';
import { entitlementAt, type SeatAllowance } from '../workspace/plan.js';

const NOW = new Date('2026-11-02T12:00:00.000Z');
const TRIAL = { plan: null, trialStartedAt: '2026-11-01T00:00:00.000Z', trialDays: 7 } as const;
/** A Professional trial with room to spare. */
const seats: SeatAllowance = { entitlement: entitlementAt(TRIAL, NOW), activeMembers: 1 };
const starterFull: SeatAllowance = {
  entitlement: entitlementAt({ ...TRIAL, plan: 'starter' }, NOW),
  activeMembers: 3,
};

const added: MemberEvent = {
  type: 'MemberAdded',
  data: {
    workspaceId: 'w1',
    userId: 'u2',
    name: 'Bruno',
    email: 'bruno@acme.com',
    role: 'Agente',
    status: 'active',
  },
};
const owner: MemberEvent = {
  type: 'MemberAdded',
  data: {
    workspaceId: 'w1',
    userId: 'u1',
    name: 'Ana',
    email: 'ana@acme.com',
    role: 'Owner',
    status: 'active',
  },
};
const removed: MemberEvent = { type: 'MemberRemoved', data: { userId: 'u2' } };
const member = spec(memberDecider);

function add(data: Partial<Extract<MemberCommand, { type: 'AddMember' }>['data']> = {}): MemberCommand {
  return {
    type: 'AddMember',
    data: { workspaceId: 'w1', userId: 'u2', name: 'Bruno', email: 'bruno@acme.com', seats, ...data },
  };
}

describe('member roles', () => {
  it('are the team screen roles and statuses', () => {
    expect(memberRoles).toEqual(['Owner', 'Admin', 'Supervisor', 'Agente']);
    expect(memberStatuses).toEqual(['active', 'inactive']);
  });
});

describe('Member decider', () => {
  describe('AddMember', () => {
    it('adds with the form defaults (Agente, active), trimmed name and lower-cased e-mail', () => {
      member
        .given([])
        .when(add({ name: ' Bruno ', email: ' Bruno@ACME.com' }))
        .then([added]);
    });
    it('keeps an explicit role and status', () => {
      member
        .given([])
        .when(add({ role: 'Supervisor', status: 'inactive' }))
        .then([{ type: 'MemberAdded', data: { ...added.data, role: 'Supervisor', status: 'inactive' } }]);
    });
    it('allows adding again after removal', () => {
      member
        .given([added, removed])
        .when(add({ role: 'Admin' }))
        .then([{ type: 'MemberAdded', data: { ...added.data, role: 'Admin' } }]);
    });
    it.each(['', '   '])('rejects a blank name (%j)', (name) => {
      member.given([]).when(add({ name })).thenThrows('MEMBER_NAME_REQUIRED');
    });
    it('rejects a name over 120 characters', () => {
      member
        .given([])
        .when(add({ name: 'x'.repeat(121) }))
        .thenThrows('MEMBER_NAME_TOO_LONG');
    });
    it.each(['', 'bruno', 'bruno@', 'bruno@acme'])('rejects the e-mail %j', (email) => {
      member.given([]).when(add({ email })).thenThrows('INVALID_EMAIL', 'Email inválido');
    });
    it('rejects an unknown role or status', () => {
      member
        .given([])
        .when(add({ role: 'Viewer' as 'Admin' }))
        .thenThrows('MEMBER_ROLE_INVALID');
      member
        .given([])
        .when(add({ status: 'away' as 'active' }))
        .thenThrows('MEMBER_STATUS_INVALID');
    });
    it('rejects an existing member', () => {
      member.given([added]).when(add()).thenThrows('MEMBER_EXISTS');
    });
    it('refuses an active member beyond the plan (Starter: 3 active members)', () => {
      member
        .given([])
        .when(add({ seats: starterFull }))
        .thenThrows(
          'PLAN_LIMIT_MEMBERS',
          'O plano Starter permite até 3 membros ativos. Faça upgrade em Assinatura para adicionar mais.',
        );
      member
        .given([])
        .when(add({ seats: { ...starterFull, activeMembers: 2 } }))
        .then([added]);
    });
    it('refuses the 11th active member of a trial (Professional limits)', () => {
      member
        .given([])
        .when(add({ seats: { ...seats, activeMembers: 10 } }))
        .thenThrows('PLAN_LIMIT_MEMBERS');
    });
    it('an inactive member takes no seat', () => {
      member
        .given([])
        .when(add({ status: 'inactive', seats: starterFull }))
        .then([{ type: 'MemberAdded', data: { ...added.data, status: 'inactive' } }]);
    });
  });

  describe('UpdateMemberDetails', () => {
    it('changes name and e-mail', () => {
      member
        .given([added])
        .when({ type: 'UpdateMemberDetails', data: { name: 'Bruno Lima', email: 'BL@acme.com ' } })
        .then([
          { type: 'MemberDetailsChanged', data: { userId: 'u2', name: 'Bruno Lima', email: 'bl@acme.com' } },
        ]);
    });
    it('returns [] when unchanged after normalising', () => {
      member
        .given([added])
        .when({ type: 'UpdateMemberDetails', data: { name: ' Bruno', email: 'BRUNO@acme.com' } })
        .then([]);
    });
    it('validates name and e-mail', () => {
      member
        .given([added])
        .when({ type: 'UpdateMemberDetails', data: { name: ' ', email: 'bruno@acme.com' } })
        .thenThrows('MEMBER_NAME_REQUIRED');
      member
        .given([added])
        .when({ type: 'UpdateMemberDetails', data: { name: 'Bruno', email: 'bruno' } })
        .thenThrows('INVALID_EMAIL', 'Email inválido');
    });
  });

  describe('ChangeMemberRole', () => {
    it('changes the role, [] when the same', () => {
      member
        .given([added])
        .when({ type: 'ChangeMemberRole', data: { role: 'Supervisor' } })
        .then([{ type: 'MemberRoleChanged', data: { userId: 'u2', role: 'Supervisor' } }]);
      member
        .given([added])
        .when({ type: 'ChangeMemberRole', data: { role: 'Agente' } })
        .then([]);
    });
    it('rejects an unknown role', () => {
      member
        .given([added])
        .when({ type: 'ChangeMemberRole', data: { role: 'Chefe' as 'Admin' } })
        .thenThrows('MEMBER_ROLE_INVALID');
    });
  });

  describe('ChangeMemberStatus', () => {
    it('changes the status, [] when the same', () => {
      member
        .given([added])
        .when({ type: 'ChangeMemberStatus', data: { status: 'inactive', seats } })
        .then([{ type: 'MemberStatusChanged', data: { userId: 'u2', status: 'inactive' } }]);
      member
        .given([added, { type: 'MemberStatusChanged', data: { userId: 'u2', status: 'inactive' } }])
        .when({ type: 'ChangeMemberStatus', data: { status: 'inactive', seats } })
        .then([]);
    });
    it('reactivating needs a free seat; deactivating never does', () => {
      const inactive: MemberEvent = {
        type: 'MemberStatusChanged',
        data: { userId: 'u2', status: 'inactive' },
      };
      member
        .given([added, inactive])
        .when({ type: 'ChangeMemberStatus', data: { status: 'active', seats: starterFull } })
        .thenThrows('PLAN_LIMIT_MEMBERS');
      member
        .given([added, inactive])
        .when({ type: 'ChangeMemberStatus', data: { status: 'active', seats } })
        .then([{ type: 'MemberStatusChanged', data: { userId: 'u2', status: 'active' } }]);
      member
        .given([added])
        .when({ type: 'ChangeMemberStatus', data: { status: 'inactive', seats: starterFull } })
        .then([inactive]);
    });
    it('rejects an unknown status', () => {
      member
        .given([added])
        .when({ type: 'ChangeMemberStatus', data: { status: 'x' as 'active', seats } })
        .thenThrows('MEMBER_STATUS_INVALID');
    });
  });

  describe('RemoveMember', () => {
    it('removes a member', () => {
      member.given([added]).when({ type: 'RemoveMember', data: {} }).then([removed]);
    });
    it('never removes the Owner', () => {
      member
        .given([owner])
        .when({ type: 'RemoveMember', data: {} })
        .thenThrows('OWNER_CANNOT_BE_REMOVED', 'O proprietário não pode ser removido');
      member
        .given([added, { type: 'MemberRoleChanged', data: { userId: 'u2', role: 'Owner' } }])
        .when({ type: 'RemoveMember', data: {} })
        .thenThrows('OWNER_CANNOT_BE_REMOVED');
    });
  });

  describe('non-members', () => {
    const commands: MemberCommand[] = [
      { type: 'UpdateMemberDetails', data: { name: 'A', email: 'a@b.com' } },
      { type: 'ChangeMemberRole', data: { role: 'Admin' } },
      { type: 'ChangeMemberStatus', data: { status: 'inactive', seats } },
      { type: 'RemoveMember', data: {} },
    ];
    it.each(commands)('$type is rejected before adding and after removal', (command) => {
      member.given([]).when(command).thenThrows('MEMBER_NOT_FOUND', 'Membro não encontrado');
      member.given([added, removed]).when(command).thenThrows('MEMBER_NOT_FOUND', 'Membro não encontrado');
    });
  });

  it('folds into state', () => {
    const fold = (events: MemberEvent[]) => events.reduce(memberDecider.evolve, memberDecider.initialState());
    expect(
      fold([added, { type: 'MemberDetailsChanged', data: { userId: 'u2', name: 'B', email: 'b@x.com' } }]),
    ).toEqual({
      status: 'active',
      member: { ...added.data, name: 'B', email: 'b@x.com' },
    });
    expect(fold([added, removed])).toEqual({ status: 'removed', workspaceId: 'w1', userId: 'u2' });
  });
});

describe('member events match their schemas', () => {
  const registry = new EventRegistry(memberEventDefinitions);
  const cases: [MemberEvent[], MemberCommand][] = [
    [[], add({ email: 'Bruno@Acme.com' })],
    [[added], { type: 'UpdateMemberDetails', data: { name: 'B', email: 'B@x.com' } }],
    [[added], { type: 'ChangeMemberRole', data: { role: 'Owner' } }],
    [[added], { type: 'ChangeMemberStatus', data: { status: 'inactive', seats } }],
    [[added], { type: 'RemoveMember', data: {} }],
  ];
  it.each(cases)('%#: emitted events pass the registry', (past, command) => {
    const events = memberDecider.decide(
      command,
      past.reduce(memberDecider.evolve, memberDecider.initialState()),
    );
    expect(events.length).toBeGreaterThan(0);
    for (const event of events)
      expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
  });
  it('covers every event type', () => {
    const emitted = cases.flatMap(([past, command]) =>
      memberDecider
        .decide(command, past.reduce(memberDecider.evolve, memberDecider.initialState()))
        .map((e) => e.type),
    );
    expect([...new Set(emitted)].sort()).toEqual(registry.types().sort());
  });
});
