import type { SagaIterator } from 'redux-saga';

export function* conversationsSaga(): SagaIterator {}
