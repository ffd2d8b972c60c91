import type { SagaIterator } from 'redux-saga';

export function* chatSaga(): SagaIterator {}
