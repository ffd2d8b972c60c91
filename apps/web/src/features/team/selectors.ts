import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { filterMembers } from './team-logic';
import { membersAdapter } from './teamSlice';

export const selectTeam = (state: RootState) => state.team;

const adapterSelectors = membersAdapter.getSelectors((state: RootState) => state.team);

export const selectAllMembers = adapterSelectors.selectAll;
export const selectMemberById = adapterSelectors.selectById;
export const selectTeamFilters = (state: RootState) => state.team.filters;

/** The rows the table shows: search, status and role applied. */
export const selectVisibleMembers = createSelector([selectAllMembers, selectTeamFilters], filterMembers);
