import { CountingOutput } from '../../bench/null-ports.js';
import { describeMidiOutputContract } from '../hardware-mocks/midi-contract.js';

describeMidiOutputContract('the bench CountingOutput', () => new CountingOutput());
describeMidiOutputContract('the bench CountingOutput, timed', () => new CountingOutput(true));
