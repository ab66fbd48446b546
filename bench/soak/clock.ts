/** Soak time as m:ss, the way progress lines, failures and the daemon's log tail are stamped. */
export const soakClock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
