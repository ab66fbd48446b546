import { byId } from './dom.js';
import type { ExperienceBlock } from '../../domain/surface-view.js';
import type { SessionState } from './live-session.js';
import type { Command, ExperienceStateMessage } from './messages.js';

const ENDINGS: Readonly<Record<string, string>> = {
  complete: 'finished',
  agent_attention_required: 'stopped: an agent needs you',
  daemon_stopped: 'stopped with the daemon',
};

/**
 * While nothing plays, what the daemon would answer to Start (the
 * `experience_block` it sends): the pill names the reason, the note says what to do.
 */
const BLOCKS: Readonly<Record<ExperienceBlock, { readonly pill: string; readonly note: string }>> = {
  agent_attention_required: {
    pill: 'Agent waiting',
    note: 'Start would be refused: an agent is waiting for approval or a reply. Answer it, or end its session, first.',
  },
};

/** The pill beside the panel's title. */
function stateLabel(experience: ExperienceStateMessage | null, block: ExperienceBlock | null): { text: string; state: string } {
  const idle = experience === null || experience.status === 'idle' || experience.status === 'blocked';
  if (idle && block !== null) return { text: BLOCKS[block].pill, state: 'blocked' };
  if (experience === null || experience.status === 'idle') return { text: 'Ready', state: 'ready' };
  if (experience.status === 'blocked') return { text: 'Not started', state: 'blocked' };
  if (experience.status === 'starting') return { text: 'Starting', state: 'playing' };
  return { text: `Playing ${experience.kind === 'show' ? 'Show' : 'Demo'}`, state: 'playing' };
}

/**
 * Demo and Show (§16): READY, why a start would be refused, or PLAYING, and while playing the Demo's title,
 * prompt and detail, or the Show's act and caption, each on its own line.
 * Admins get Start Demo / Start Show, and Stop (in red) while one plays;
 * paired phones see the panel only while something plays.
 */
export class ExperiencePanel {
  constructor(send: (command: Command) => void) {
    byId('start-demo').addEventListener('click', () => send({ type: 'start_experience', kind: 'demo' }));
    byId('start-show').addEventListener('click', () => send({ type: 'start_experience', kind: 'show' }));
    byId('stop-experience').addEventListener('click', () => send({ type: 'stop_experience' }));
  }

  update(state: SessionState): void {
    const connected = state.status === 'connected';
    const experience = state.experience;
    const active = experience !== null && (experience.status === 'starting' || experience.status === 'playing');
    const pill = stateLabel(experience, state.experienceBlock);
    byId('experience-state').textContent = pill.text;
    byId('experience-state').dataset['state'] = pill.state;
    byId('experience-controls').hidden = !(connected && state.admin);
    byId('experience-intro').hidden = active || !state.admin;
    byId('start-demo').hidden = active;
    byId('start-show').hidden = active;
    byId('stop-experience').hidden = !active;
    const lines = active && experience !== null ? playingLines(experience) : { eyebrow: '', headline: '', detail: '' };
    byId('experience-eyebrow').textContent = lines.eyebrow;
    byId('experience-headline').textContent = lines.headline;
    byId('experience-detail').textContent = lines.detail;
    byId('experience-status').dataset['kind'] = experience?.kind ?? '';
    // A refusal that happened keeps the daemon's own words; before any Start, the page says what Start would meet.
    const block = active || experience?.status === 'blocked' ? null : state.experienceBlock;
    const note = block !== null ? { text: BLOCKS[block].note, tone: 'warn' } : noteOf(experience);
    byId('experience-note').textContent = note.text;
    byId('experience-note').dataset['tone'] = note.tone;
    byId('experience-panel').hidden = !(connected && (state.admin || active));
    byId('experience-panel').parentElement!.dataset['playing'] = String(active);
  }
}

function playingLines(experience: ExperienceStateMessage): { eyebrow: string; headline: string; detail: string } {
  if (experience.kind === 'show') {
    // The Show's act names the chapter; its caption is what the lights say now.
    return { eyebrow: experience.title ?? 'Show', headline: experience.caption ?? 'Starting…', detail: experience.detail ?? '' };
  }
  return { eyebrow: experience.title ?? 'Demo', headline: experience.caption ?? '', detail: experience.detail ?? '' };
}

function noteOf(experience: ExperienceStateMessage | null): { text: string; tone: string } {
  if (experience?.status === 'blocked') return { text: experience.reason ?? 'It could not start.', tone: 'warn' };
  if (experience?.status !== 'idle' || experience.kind === null) return { text: '', tone: 'info' };
  const ending = experience.reason === null ? undefined : ENDINGS[experience.reason];
  return ending === undefined ? { text: '', tone: 'info' } : { text: `The ${experience.kind === 'show' ? 'Show' : 'Demo'} ${ending}.`, tone: 'info' };
}
