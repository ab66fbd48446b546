/** Types of mext-grid.mjs (a fake monome grid shared with the fake grid process). */
export declare class MextGrid {
  constructor(options?: { columns?: number; rows?: number; id?: string; varibright?: boolean });
  readonly columns: number;
  readonly rows: number;
  readonly id: string;
  readonly varibright: boolean;
  readonly levels: Uint8Array;
  readonly intensity: number;
  readonly errors: string[];
  readonly messages: string[];
  receive(bytes: Uint8Array): Uint8Array;
  press(x: number, y: number): Uint8Array;
  level(x: number, y: number): number;
}
