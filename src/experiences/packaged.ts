/**
 * The experiences Pad-Lattice ships, as paths relative to the package root
 * (callers join them with it). The Show file is compiled from
 * shows/night-shift.ts; a test fails when it is stale.
 */
export const PACKAGED_SHOW_FILE = 'shows/night-shift.performance.json';
export const PACKAGED_DEMO_FILE = 'demos/three-agents.demo.json';
