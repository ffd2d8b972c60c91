import type { SagaIterator } from 'redux-saga';

export function* realtimeSaga(): SagaIterator {}
