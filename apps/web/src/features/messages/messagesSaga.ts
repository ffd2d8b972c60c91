import type { SagaIterator } from 'redux-saga';

export function* messagesSaga(): SagaIterator {}
