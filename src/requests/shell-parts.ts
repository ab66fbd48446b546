/*
 * A shell command line cut into the command lists it runs, read the way the
 * shell reads it, so no part can hide inside another: every line, every
 * `$(…)`, `` `…` ``, `<(…)` and `>(…)` (also inside double quotes and
 * unquoted here-documents) becomes a part of its own. Each part keeps its
 * separators (`;`, `&&`, `||`, `|`, `&`) for shell-quote to split on; line
 * breaks outside quotes become `;`, comments are dropped, and a substitution
 * leaves a placeholder word where its output would go. Nothing is evaluated.
 */

/** What a substitution leaves in the command around it: a word that names no known program. */
export const SUBSTITUTION_WORD = '__substitution__';

/** Nesting deeper than this is read flat (its text still lands in a part), so the stack stays small. */
const MAX_DEPTH = 16;

export interface ShellPart {
  /** One command list: quotes and separators as written, line breaks made `;`, comments dropped. */
  readonly text: string;
  /** The bodies of this part's here-documents, in the order of their `<<` operators. */
  readonly hereDocs: readonly string[];
}

interface PendingHereDoc {
  readonly delimiter: string;
  readonly stripTabs: boolean;
  /** An unquoted delimiter: the body's `$(…)` and `` `…` `` run. */
  readonly expands: boolean;
}

/** The parts of `source`, innermost substitutions first, the top-level list last. */
export function shellParts(source: string): ShellPart[] {
  const lexer = new Lexer(source);
  lexer.list(null, 0);
  return lexer.parts;
}

class Lexer {
  readonly parts: ShellPart[] = [];
  #at = 0;

  constructor(readonly source: string) {}

  /** Reads one command list up to `end` (or the end of the source) and records it as a part. */
  list(end: ')' | '`' | null, depth: number): void {
    const src = this.source;
    let text = '';
    const hereDocs: string[] = [];
    let pending: PendingHereDoc[] = [];
    let parens = 0;
    let wordStart = true;
    while (this.#at < src.length) {
      const c = src[this.#at]!;
      if (end === '`' && c === '`') {
        this.#at += 1;
        break;
      }
      if (end === ')' && c === ')' && parens === 0) {
        this.#at += 1;
        break;
      }
      if (c === "'") {
        text += this.#singleQuoted();
      } else if (c === '"') {
        text += this.#doubleQuoted(depth);
      } else if (c === '\\') {
        // A backslash before a line break joins the lines; before anything else it quotes that character.
        text += src[this.#at + 1] === '\n' ? ' ' : src.slice(this.#at, this.#at + 2);
        this.#at += 2;
      } else if (this.#opensSubstitution()) {
        text += this.#substitution(depth);
      } else if (c === '#' && wordStart) {
        while (this.#at < src.length && src[this.#at] !== '\n') this.#at += 1;
        continue;
      } else if (c === '#') {
        // Mid-word `#` is an ordinary character for the shell; shell-quote would start a comment.
        text += '\\#';
        this.#at += 1;
      } else if (src.startsWith('<<<', this.#at)) {
        // A here-string: its word is on this line, read like any other.
        text += '<<<';
        this.#at += 3;
      } else if (src.startsWith('<<', this.#at)) {
        const operator = this.#hereDocOperator();
        pending.push(operator.pending);
        text += operator.text;
      } else if (c === '\n') {
        text += ' ; ';
        this.#at += 1;
        for (const doc of pending) hereDocs.push(this.#hereDocBody(doc, depth));
        pending = [];
        wordStart = true;
        continue;
      } else {
        if (end === ')' && c === '(') parens += 1;
        if (end === ')' && c === ')') parens -= 1;
        text += c;
        this.#at += 1;
      }
      wordStart = /[\s;&|()<>]/.test(c);
    }
    this.parts.push({ text, hereDocs });
  }

  #opensSubstitution(): boolean {
    const src = this.source;
    const c = src[this.#at];
    return c === '`' || ((c === '$' || c === '<' || c === '>') && src[this.#at + 1] === '(');
  }

  /** At `$(`, `<(`, `>(` or a backtick: reads the substitution as a part of its own; returns what stands in its place. */
  #substitution(depth: number): string {
    const backtick = this.source[this.#at] === '`';
    this.#at += backtick ? 1 : 2;
    // Too deep: the inner text joins this part, separated, so it is still classified.
    if (depth >= MAX_DEPTH) return ' ; ';
    this.list(backtick ? '`' : ')', depth + 1);
    return SUBSTITUTION_WORD;
  }

  #singleQuoted(): string {
    const close = this.source.indexOf("'", this.#at + 1);
    const stop = close < 0 ? this.source.length : close + 1;
    const quoted = this.source.slice(this.#at, stop);
    this.#at = stop;
    return close < 0 ? `${quoted}'` : quoted;
  }

  /** A double-quoted string; substitutions inside it run, so they become parts too. */
  #doubleQuoted(depth: number): string {
    const src = this.source;
    let out = '"';
    this.#at += 1;
    while (this.#at < src.length) {
      const c = src[this.#at]!;
      if (c === '"') {
        this.#at += 1;
        return `${out}"`;
      }
      if (c === '\\') {
        out += src.slice(this.#at, this.#at + 2);
        this.#at += 2;
      } else if (c === '`' || (c === '$' && src[this.#at + 1] === '(')) {
        out += this.#substitution(depth);
      } else {
        out += c;
        this.#at += 1;
      }
    }
    return `${out}"`;
  }

  /** At `<<` or `<<-`: the delimiter word, what to leave in the text, and how to read the body. */
  #hereDocOperator(): { pending: PendingHereDoc; text: string } {
    const src = this.source;
    this.#at += 2;
    const stripTabs = src[this.#at] === '-';
    if (stripTabs) this.#at += 1;
    while (src[this.#at] === ' ' || src[this.#at] === '\t') this.#at += 1;
    const start = this.#at;
    while (this.#at < src.length && !/[\s;&|<>()]/.test(src[this.#at]!)) this.#at += 1;
    const word = src.slice(start, this.#at);
    const delimiter = word.replace(/["'\\]/g, '');
    return { pending: { delimiter, stripTabs, expands: delimiter === word }, text: ` << ${JSON.stringify(delimiter)} ` };
  }

  /** Reads the lines of a here-document up to its delimiter line, which stays for the caller to end the command. */
  #hereDocBody(doc: PendingHereDoc, depth: number): string {
    const src = this.source;
    const lines: string[] = [];
    while (this.#at < src.length) {
      const newline = src.indexOf('\n', this.#at);
      const stop = newline < 0 ? src.length : newline;
      const line = src.slice(this.#at, stop);
      const compared = doc.stripTabs ? line.replace(/^\t+/, '') : line;
      if (compared === doc.delimiter) {
        this.#at = stop;
        break;
      }
      lines.push(line);
      this.#at = newline < 0 ? src.length : newline + 1;
    }
    const body = lines.join('\n');
    if (doc.expands) this.#expansionsIn(body, depth);
    return body;
  }

  /** The substitutions of an unquoted here-document's body, as parts. */
  #expansionsIn(body: string, depth: number): void {
    const inner = new Lexer(body);
    while (inner.#at < body.length) {
      const c = body[inner.#at];
      if (c === '\\') inner.#at += 2;
      else if (c === '`' || (c === '$' && body[inner.#at + 1] === '(')) inner.#substitution(depth);
      else inner.#at += 1;
    }
    this.parts.push(...inner.parts);
  }
}
