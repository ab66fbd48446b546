import { commandForKey, type KeyCommand } from './keyboard.js';

/** Listens on the page; each recognised key is handled once and not passed on. */
export function bindKeyboard(page: Document, run: (command: KeyCommand) => void): void {
  page.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const inField = target !== null && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
    const command = commandForKey({ key: event.key, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey, repeat: event.repeat, inField });
    if (command === null) return;
    event.preventDefault();
    run(command);
  });
}
