import { atendeRegistry } from '../all-events.js';
import { spec } from '../testing/given-when-then.js';
import type { WorkspaceCommand } from './commands.js';
import { workspaceDecider } from './decider.js';
import type { WorkspaceEvent } from './events.js';

const created: WorkspaceEvent = {
  type: 'WorkspaceCreated',
  data: {
    workspaceId: 'w1',
    name: 'Minha Empresa',
    ownerId: 'u1',
    trialStartedAt: '2026-01-10T12:00:00.000Z',
    trialDays: 7,
  },
};
const deleted: WorkspaceEvent = {
  type: 'WorkspaceDataDeleted',
  data: {
    workspaceId: 'w1',
    deletedBy: 'u1',
    memberIds: ['u1', 'u2'],
    channelSessionIds: ['s1'],
    keptAccountIds: [],
  },
};
const workspace = spec(workspaceDecider);

function deleteData(confirmation = 'EXCLUIR'): WorkspaceCommand {
  return {
    type: 'DeleteWorkspaceData',
    data: { deletedBy: 'u1', confirmation, memberIds: ['u2', 'u1', 'u2'], channelSessionIds: ['s1'] },
  };
}

describe('Workspace decider: DeleteWorkspaceData (Excluir todos os dados da conta)', () => {
  it('closes the workspace, naming its members and sessions once each, sorted', () => {
    workspace.given([created]).when(deleteData(' EXCLUIR ')).then([deleted]);
  });

  it('names the accounts that stay because they belong to other workspaces too (members only)', () => {
    const command = deleteData();
    if (command.type !== 'DeleteWorkspaceData') throw new Error('unexpected');
    workspace
      .given([created])
      .when({ ...command, data: { ...command.data, keptAccountIds: ['u2', 'stranger', 'u2'] } })
      .then([{ ...deleted, data: { ...deleted.data, keptAccountIds: ['u2'] } } as WorkspaceEvent]);
  });

  it.each(['', 'excluir', 'Minha Empresa', 'DESATIVAR'])('refuses the confirmation %j', (word) => {
    workspace
      .given([created])
      .when(deleteData(word))
      .thenThrows('DELETE_CONFIRMATION_MISMATCH', 'Digite EXCLUIR para confirmar a exclusão');
  });

  it('refuses a workspace that does not exist', () => {
    workspace.given([]).when(deleteData()).thenThrows('WORKSPACE_NOT_FOUND');
  });

  it('is final: nothing changes a deleted workspace, and its id is not reused', () => {
    const given = workspace.given([created, deleted]);
    given.when(deleteData()).thenThrows('WORKSPACE_NOT_FOUND', 'Empresa não encontrada');
    given
      .when({ type: 'ChangeWorkspaceSettings', data: { patch: { notifications: { sound: true } } } })
      .thenThrows('WORKSPACE_NOT_FOUND');
    given
      .when({ type: 'ConfigureIntegration', data: { integrationType: 'website', config: {} } })
      .thenThrows('WORKSPACE_NOT_FOUND');
    given
      .when({
        type: 'CreateWorkspace',
        data: { workspaceId: 'w1', name: 'De novo', ownerId: 'u9', trialStartedAt: '2026-02-01T00:00:00Z' },
      })
      .thenThrows('WORKSPACE_EXISTS');
  });

  it('evolves to deleted, and later events of the stream leave it deleted', () => {
    const state = [created, deleted, { type: 'IntegrationDisconnected', data: { integrationType: 'email' } }]
      .map((e) => e as WorkspaceEvent)
      .reduce(workspaceDecider.evolve, workspaceDecider.initialState());
    expect(state).toEqual({ status: 'deleted', workspaceId: 'w1' });
  });

  it('is a registered event type with a strict schema', () => {
    expect(() => atendeRegistry.prepare(deleted, { workspaceId: 'w1' })).not.toThrow();
    expect(() =>
      atendeRegistry.prepare(
        { type: 'WorkspaceDataDeleted', data: { ...deleted.data, memberIds: [''] } },
        { workspaceId: 'w1' },
      ),
    ).toThrow(/Invalid event WorkspaceDataDeleted/);
  });
});
