/** Terminal styling that honours NO_COLOR (https://no-color.org) and only colours a TTY. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  /** A two-space swatch with a 24-bit background colour. */
  swatch(rgb: readonly [number, number, number]): string;
}

export function colourEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  if (env['FORCE_COLOR'] !== undefined && env['FORCE_COLOR'] !== '' && env['FORCE_COLOR'] !== '0') return true;
  return stream.isTTY === true;
}

export function makeStyle(enabled: boolean): Style {
  const wrap = (open: string, close: string) => (text: string) => (enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text);
  return {
    enabled,
    bold: wrap('1', '22'),
    dim: wrap('2', '22'),
    red: wrap('31', '39'),
    green: wrap('32', '39'),
    yellow: wrap('33', '39'),
    swatch: (rgb) => (enabled ? `\x1b[48;2;${rgb[0]};${rgb[1]};${rgb[2]}m  \x1b[49m` : ''),
  };
}
