import { describe, expect, it } from 'vitest';
import { readPublished, type PublishedFile } from '../test/helpers/published-files.js';
import { referenceJson } from './helpers/reference.js';
import { messageTypes, schemaDifferences } from './helpers/schema-diff.js';

/**
 * Our published schemas against the reference's, difference by difference.
 * Every difference must be one listed here with its reason, and every listed
 * difference must still exist: a new divergence, or one that went away, fails
 * until this list says why.
 */
interface Known {
  readonly lines: RegExp;
  readonly why: string;
}

const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const NON_BLANK: Known = {
  lines: /: (minLength: ours none, reference 1|pattern: ours "\\\\S", reference none)$/,
  why: 'ours rejects blank text: the pattern \\S needs a character that is not a space',
};

const INVENTORY: Known = {
  lines:
    /^\(root\): message types the reference lacks: ours \[("approval_details","inventory","notice","question","relay"|"answer","inventory","question_ack")\], reference \[\]$/,
  why: 'inventory, question, approval_details and notice are Pad-Lattice extensions only our CLI and agent adapters send, relay only our remote relay (the reference daemon answers them with unknown_message_type); question_ack and answer go only to a connection that sent question',
};

const WEB_EXTENSIONS: Known = {
  lines:
    /^\(root\): message types the reference lacks: ours \[("action_hold","answer_option","select_agent","share_details","use_extensions"|"experience_block","extensions","overflow","press_result","prompt")\], reference \[\]$/,
  why: 'our opt-in extensions (press results, the overflow list, select_agent, prompts and answer_option, the admin share_details, hold to approve, why a Demo or Show would not start): sent only to a client that asked with use_extensions, or by our own app',
};

const ACCENTS: Known = { lines: /\.accent: allowed values: ours \["\\"cyan\\"/, why: 'a session only ever gets one of the eight identity accents' };

const PAIRS: readonly { ours: PublishedFile; reference: string; known: readonly Known[] }[] = [
  {
    ours: 'wire-protocol-client.schema.json',
    reference: 'socket-protocol-v1.json',
    known: [
      INVENTORY,
      {
        lines: /: null allowed: ours true, reference false$/,
        why: 'the daemon reads an optional member that is null as absent (wire-protocol-1.md §5.2-§5.4)',
      },
      {
        lines: exactly('<subscribe_actions>: required: ours ["actions","protocol","type"], reference ["actions","agent","protocol","type"]'),
        why: 'without an agent the daemon subscribes the default identity local/default, as for state',
      },
    ],
  },
  {
    ours: 'wire-protocol-daemon.schema.json',
    reference: 'socket-protocol-v1.json',
    known: [
      INVENTORY,
      {
        lines: /^<(action>\.agent|status>\.selected): closed: ours true, reference false$/,
        why: 'our encoder writes an identity as backend and session_id only',
      },
      ACCENTS,
      { lines: /^<error>\.code: allowed values: ours /, why: 'ours lists the codes our daemon sends' },
      { lines: exactly('<status>.surfaces: minItems: ours none, reference 1'), why: 'our schema does not promise a surface' },
      {
        lines: exactly(
          '<status>.surfaces[].kind: allowed values: ours ["\\"hid\\"","\\"midi\\"","\\"serial\\"","\\"web\\""], reference ["\\"midi\\"","\\"web\\""]',
        ),
        why: 'our daemon also drives monome grids (serial) and Stream Decks (hid), and names each surface by its kind',
      },
    ],
  },
  {
    ours: 'web-surface-protocol-client.schema.json',
    reference: 'web-surface-protocol-v1.json',
    known: [
      WEB_EXTENSIONS,
      {
        lines: exactly('<authenticate>.credential: null allowed: ours true, reference false'),
        why: 'a null credential means none (web-surface-protocol-1.md §11)',
      },
    ],
  },
  {
    ours: 'web-surface-protocol-daemon.schema.json',
    reference: 'web-surface-protocol-v1.json',
    known: [
      WEB_EXTENSIONS,
      {
        lines: /^<surface>\.visual_frame\.[a-z_.]+(\[\])*: allowed values: ours /,
        why: 'ours lists the Visual Protocol 1 tokens each part of the frame can hold',
      },
      { lines: /^<error>\.code: allowed values: ours /, why: 'ours lists the codes our daemon sends' },
      { lines: /^<(error>\.error|pairing>\.pairing_url): minLength: ours 1, reference none$/, why: 'our daemon never sends these empty' },
    ],
  },
  {
    ours: 'demo-manifest.schema.json',
    reference: 'demo-manifest-v1.json',
    known: [
      NON_BLANK,
      ACCENTS,
      { lines: /^\.stages\[\]\.enter_audio: allowed values: ours /, why: 'ours lists the earcons the player can sound' },
      {
        lines: /^\.stages\[\]\.(guide_target|transitions\[\]): (type|members|required|closed): ours (none|\[\]|false), reference /,
        why: 'ours is a union by event: a select has a slot and a null action, an action the reverse; the reference has one object',
      },
    ],
  },
  {
    ours: 'performance-manifest.schema.json',
    reference: 'performance-manifest-v1.json',
    known: [
      NON_BLANK,
      {
        lines: /^\.cues\[\]\.frame\.(grid\[\]\[\]|top\[\]|right\[\]): maximum: ours none, reference 4095$/,
        why: 'ours checks each index against the length of the palette instead',
      },
    ],
  },
  {
    ours: 'device-profile.schema.json',
    reference: 'device-profile-v1.json',
    known: [
      { lines: /^(\(root\)|\.capabilities|\.grid|\.messages|\.surface): required: /, why: 'members with defaults are optional in the input form' },
      {
        lines: exactly('.capabilities.show_rgb: null allowed: ours true, reference false'),
        why: 'null says the device has no RGB SysEx, as the parser reads it',
      },
      { lines: exactly('.id: minLength: ours 1, reference none'), why: 'the same as the pattern, which needs a character' },
      {
        lines: exactly('(root): members: ours ["$schema","copied_from","max_messages_per_second","usb","verified_against"], reference []'),
        why: "ours accepts an editor's $schema key, the verified_against record, the copied_from of a profile new copy and the hardware facts usb and max_messages_per_second (profiles/README.md)",
      },
      { lines: exactly('.capabilities: members: ours ["palette_sysex"], reference []'), why: 'our palette_sysex extension (profiles/README.md)' },
      {
        lines:
          /^\.capabilities\.show_rgb(: members: ours \["group","length_header","lights"\], reference \[\]|\.channel_max: maximum: ours 255, reference 127)$/,
        why: 'our show_rgb extension: per-LED type bytes, LED ranges and 8-bit split channels (profiles/README.md)',
      },
    ],
  },
];

describe("our published schemas against the reference's", () => {
  it.each(PAIRS)('$ours differs from $reference only as listed', ({ ours, reference, known }) => {
    const differences = schemaDifferences(readPublished(ours), referenceJson(`schemas/${reference}`));
    expect(differences.filter((line) => !known.some((entry) => entry.lines.test(line)))).toEqual([]);
    expect(known.filter((entry) => !differences.some((line) => entry.lines.test(line))).map((entry) => entry.why)).toEqual([]);
  });

  it.each([
    ['wire-protocol', 'socket-protocol-v1.json', ['answer', 'approval_details', 'inventory', 'notice', 'question', 'question_ack', 'relay']],
    [
      'web-surface-protocol',
      'web-surface-protocol-v1.json',
      [
        'action_hold',
        'answer_option',
        'experience_block',
        'extensions',
        'overflow',
        'press_result',
        'prompt',
        'select_agent',
        'share_details',
        'use_extensions',
      ],
    ],
  ] as const)('%s: our two directions together have the reference message types, and only our listed extensions besides', (protocol, reference, extensions) => {
    const ours = [...messageTypes(readPublished(`${protocol}-client.schema.json`)), ...messageTypes(readPublished(`${protocol}-daemon.schema.json`))];
    expect([...new Set(ours)].sort()).toEqual([...messageTypes(referenceJson(`schemas/${reference}`)), ...extensions].sort());
  });
});
