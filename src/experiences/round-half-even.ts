/** Python's round(): halves go to the even neighbour, as the reference rounds milliseconds. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  if (value - floor !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}
