import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, cancelled, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { authActions } from '../auth/authSlice';
import {
  addMember,
  fetchTeam,
  removeMember,
  resetMemberPassword,
  updateMember,
  type AddMemberAnswer,
  type PasswordResetAnswer,
  type UpdateMemberAnswer,
} from './team-api';
import { teamActions, type MemberSaveRequest } from './teamSlice';
import type { TeamMember } from './types';

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Erro de conexão';

/** GET /api/team; a 403 is the 'no permission' screen, anything else an error with a retry. */
export function* loadTeam(): SagaIterator {
  const controller = new AbortController();
  try {
    const members: TeamMember[] = yield call(fetchTeam, controller.signal);
    yield put(teamActions.teamLoaded(members));
  } catch (error) {
    if (controller.signal.aborted) return;
    if (isApiError(error) && error.status === 403) yield put(teamActions.teamForbidden());
    else yield put(teamActions.teamFailed(errorText(error)));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

export function* saveMember(action: PayloadAction<MemberSaveRequest>): SagaIterator {
  const request = action.payload;
  try {
    if (request.mode === 'add') {
      const answer: AddMemberAnswer = yield call(addMember, request.values);
      yield put(teamActions.memberAdded(answer));
    } else {
      const answer: UpdateMemberAnswer = yield call(updateMember, request.memberId, request.changes);
      yield put(teamActions.memberUpdated(answer));
    }
  } catch (error) {
    yield put(teamActions.memberSaveFailed(errorText(error)));
    return;
  }
  // The change was the signed-in member's activity: reload so every row (theirs too) is current.
  yield put(teamActions.teamRequested());
}

export function* deleteMember(action: PayloadAction<string>): SagaIterator {
  const memberId = action.payload;
  try {
    const message: string = yield call(removeMember, memberId);
    yield put(teamActions.memberRemoved({ memberId, message }));
  } catch (error) {
    yield put(teamActions.memberRemoveFailed(errorText(error)));
    return;
  }
  yield put(teamActions.teamRequested());
}

/** Redefinir senha: the one-time password comes back once; the member's sessions have ended. */
export function* resetPassword(action: PayloadAction<string>): SagaIterator {
  const memberId = action.payload;
  try {
    const answer: PasswordResetAnswer = yield call(resetMemberPassword, memberId);
    yield put(teamActions.passwordResetSucceeded({ memberId, ...answer }));
  } catch (error) {
    yield put(teamActions.passwordResetFailed(errorText(error)));
    return;
  }
  yield put(teamActions.teamRequested());
}

/** One load after another (the newest wins), stopped by a sign-out so nothing lands after it. */
function* loadUntilSignOut(): SagaIterator {
  yield race({ load: call(loadTeam), stop: take(authActions.loggedOut.type) });
}

/** Equipe: the list (GET), add (POST), edit (PUT), remove (DELETE) and password reset of /api/team. */
export function* teamSaga(): SagaIterator {
  yield takeLatest(teamActions.teamRequested.type, loadUntilSignOut);
  // One save, one removal and one reset at a time: a double click does not send twice.
  yield takeLeading(teamActions.memberSaveRequested.type, saveMember);
  yield takeLeading(teamActions.memberRemoveRequested.type, deleteMember);
  yield takeLeading(teamActions.passwordResetRequested.type, resetPassword);
}
