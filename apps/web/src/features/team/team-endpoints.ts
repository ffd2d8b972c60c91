import type { TeamAnswer } from '@atende/api-contract';
import { api, queryFnOf } from '../../server-state/api';
import { removeById, upsertById, whenSaved } from '../../server-state/list-cache';
import {
  addMember,
  removeMember,
  resetMemberPassword,
  updateMember,
  type AddMemberAnswer,
  type PasswordResetAnswer,
  type UpdateMemberAnswer,
} from './team-api';
import type { MemberFormValues, TeamMember } from './types';

const TEAM = ['Team' as const];

type Dispatch = (action: unknown) => unknown;

/** The members as the server answered a change, at once in the cached list (then fetched again: its tag). */
const applyToTeam = (
  dispatch: Dispatch,
  saved: Promise<{ data: unknown }>,
  apply: (members: TeamMember[], data: never) => void,
): Promise<void> =>
  whenSaved(saved, (data): void => {
    dispatch(teamApi.util.updateQueryData('getTeam', undefined, (members) => apply(members, data as never)));
  });

const upsert = (members: TeamMember[], { member }: { member: TeamMember }) => upsertById(members, member);

/** A saved change makes the list stale (a change may be the signed-in member's activity too). */
const afterChange = (result: unknown) => (result === undefined ? [] : TEAM);

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/team: every member of the workspace, earliest joined first (filtered on the client):
     * Equipe's table and the chat's 'Transferir' (its active members) read this one list.
     */
    getTeam: build.query<TeamMember[], undefined>({
      query: () => '/api/team',
      transformResponse: (answer: Partial<TeamAnswer>) =>
        Array.isArray(answer.members) ? answer.members : [],
      providesTags: TEAM,
    }),
    /** POST /api/team: creates the account (with a one-time password) and adds it to the team. */
    addMember: build.mutation<AddMemberAnswer, MemberFormValues>({
      queryFn: queryFnOf(addMember),
      onQueryStarted: (_values, { dispatch, queryFulfilled }) =>
        applyToTeam(dispatch, queryFulfilled, upsert),
      invalidatesTags: afterChange,
    }),
    /** PUT /api/team/:userId with only the fields that changed. */
    updateMember: build.mutation<UpdateMemberAnswer, { id: string; changes: Partial<MemberFormValues> }>({
      queryFn: queryFnOf(({ id, changes }: { id: string; changes: Partial<MemberFormValues> }) =>
        updateMember(id, changes),
      ),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => applyToTeam(dispatch, queryFulfilled, upsert),
      invalidatesTags: afterChange,
    }),
    /** DELETE /api/team/:userId: the member leaves the team and their sessions end. */
    removeMember: build.mutation<string, string>({
      queryFn: queryFnOf(removeMember),
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        applyToTeam(dispatch, queryFulfilled, (members) => removeById(members, id)),
      invalidatesTags: afterChange,
    }),
    /** POST /api/team/:userId/password-reset: a one-time password replaces the member's. */
    resetMemberPassword: build.mutation<PasswordResetAnswer, string>({
      queryFn: queryFnOf(resetMemberPassword),
      invalidatesTags: afterChange,
    }),
  }),
});

export const {
  useGetTeamQuery,
  useAddMemberMutation,
  useUpdateMemberMutation,
  useRemoveMemberMutation,
  useResetMemberPasswordMutation,
} = teamApi;
