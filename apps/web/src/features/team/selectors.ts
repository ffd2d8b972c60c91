import type { RootState } from '../../app/store';

export const selectTeam = (state: RootState) => state.team;
