/**
 * WORKER_STALL_SECONDS for the workers a test kills mid-job (decision 242): the next worker takes the dead one's job
 * up 3-6 s after its last lock renewal instead of BullMQ's 30-60 s, by the same stalled-job check. A live worker
 * renews every 1.5 s, enough for a loaded two-core machine; 2 s would leave a blocked event loop one second.
 */
export const KILLED_WORKER_STALL_SECONDS = '3';
