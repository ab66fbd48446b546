import type { SoundPlayer } from './sound.js';

/** The header's Sound button: this browser's own switch, off until clicked (experiences.md §12.6). */
export function wireSoundToggle(toggle: HTMLButtonElement, sound: SoundPlayer): void {
  toggle.addEventListener('click', () => {
    sound.setEnabled(!sound.enabled);
    toggle.setAttribute('aria-pressed', String(sound.enabled));
    toggle.textContent = sound.enabled ? 'Sound on' : 'Sound off';
  });
}
