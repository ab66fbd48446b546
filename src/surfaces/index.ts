export { SurfaceHub, type HubMember, type SurfaceHubOptions } from './surface-hub.js';
export { SYSTEM_HUB_TIMERS, type HubTimers } from './hub-timers.js';
