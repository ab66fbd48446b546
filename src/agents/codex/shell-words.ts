/**
 * Splits a command line into words under POSIX shell rules, as Python's
 * `shlex.split` does: whitespace separates words, single quotes are literal,
 * double quotes allow `\"` and `\\`, a backslash outside quotes escapes the
 * next character. Returns null where shlex raises (an unclosed quote, a
 * trailing backslash).
 */
export function splitShellWords(command: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < command.length; index += 1) {
    const char = command[index] ?? '';
    if (quote === "'") {
      if (char === "'") quote = null;
      else word += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === '\\' && (command[index + 1] === '"' || command[index + 1] === '\\')) {
        word += command[index + 1];
        index += 1;
      } else if (char === '\\' && index + 1 >= command.length) return null;
      else word += char;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (char === "'" || char === '"') quote = char;
    else if (char === '\\') {
      if (index + 1 >= command.length) return null;
      word += command[index + 1];
      index += 1;
    } else word += char;
  }
  if (quote !== null) return null;
  if (inWord) words.push(word);
  return words;
}
