import { useRef } from 'react';
import { errorText } from '../../api/client';
import { useAppDispatch } from '../../app/hooks';
import {
  useAddMemberMutation,
  useRemoveMemberMutation,
  useResetMemberPasswordMutation,
  useUpdateMemberMutation,
} from './team-endpoints';
import { teamActions, type MemberSaveRequest } from './teamSlice';
import type { TeamMember } from './types';

type Command = 'save' | 'remove' | 'reset';

/**
 * Equipe's changes: add, edit, remove and password reset through the team's mutations (the list is
 * fetched again after each: its cache tag), their progress and answers in the team slice. One of
 * each at a time: a double click does not send twice.
 */
export function useTeamCommands() {
  const dispatch = useAppDispatch();
  const [addMember] = useAddMemberMutation();
  const [updateMember] = useUpdateMemberMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [resetMemberPassword] = useResetMemberPasswordMutation();
  const running = useRef(new Set<Command>());

  const leading = async (command: Command, run: () => Promise<void>) => {
    if (running.current.has(command)) return;
    running.current.add(command);
    try {
      await run();
    } finally {
      running.current.delete(command);
    }
  };

  const save = (request: MemberSaveRequest) =>
    leading('save', async () => {
      dispatch(teamActions.memberSaveRequested(request));
      try {
        if (request.mode === 'add') {
          dispatch(teamActions.memberAdded(await addMember(request.values).unwrap()));
        } else {
          const answer = await updateMember({ id: request.memberId, changes: request.changes }).unwrap();
          dispatch(teamActions.memberUpdated(answer));
        }
      } catch (error) {
        dispatch(teamActions.memberSaveFailed(errorText(error)));
      }
    });

  const remove = (memberId: string) =>
    leading('remove', async () => {
      dispatch(teamActions.memberRemoveRequested(memberId));
      try {
        const message = await removeMember(memberId).unwrap();
        dispatch(teamActions.memberRemoved({ memberId, message }));
      } catch (error) {
        dispatch(teamActions.memberRemoveFailed(errorText(error)));
      }
    });

  /** Redefinir senha: the one-time password comes back once; the member's sessions have ended. */
  const resetPassword = (member: TeamMember) =>
    leading('reset', async () => {
      dispatch(teamActions.passwordResetRequested(member.id));
      try {
        const answer = await resetMemberPassword(member.id).unwrap();
        dispatch(teamActions.passwordResetSucceeded({ member, ...answer }));
      } catch (error) {
        dispatch(teamActions.passwordResetFailed(errorText(error)));
      }
    });

  return { save, remove, resetPassword };
}
