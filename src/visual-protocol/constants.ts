/** Version declared by every profile (`visual_protocol`) and every surface. */
export const VISUAL_PROTOCOL_VERSION = 1;

/** Columns of the selected-agent canvas. */
export const STATE_WIDTH = 7;

/** Rows of the selected-agent canvas. */
export const STATE_HEIGHT = 8;

/** Seconds between forced re-renders that advance the optional running motion. */
export const RUNNING_ACTIVITY_INTERVAL = 1.5;
