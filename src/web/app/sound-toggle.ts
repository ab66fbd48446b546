import type { SoundPlayer } from './sound.js';

/** The header's Sound switch: this browser's own, off until switched on (experiences.md §12.6). */
export function wireSoundToggle(toggle: HTMLButtonElement, sound: SoundPlayer): void {
  toggle.addEventListener('click', () => {
    sound.setEnabled(!sound.enabled);
    toggle.setAttribute('aria-checked', String(sound.enabled));
  });
}
