export { createRealtime, type Realtime, type RealtimeOptions, type RealtimeServer } from './realtime.js';
export { rooms, roomsOf } from './audience.js';
export type * from './pushes.js';
