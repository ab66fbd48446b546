"""A mido backend whose ports exist but carry nothing: the output drops every
message, the input never receives one. It stands in for a Launchpad Mini MK3 on
a machine without an ALSA sequencer, as the bench's trace:/dev/null output does
for ours."""
from mido.ports import BaseInput, BaseOutput

PORT = "Launchpad Mini MK3 LPMiniMK3 MIDI"

def get_devices(**_kwargs):
    return [{"name": PORT, "is_input": True, "is_output": True}]

class Input(BaseInput):
    def _receive(self, block=True):
        return None

class Output(BaseOutput):
    def _send(self, message):
        pass
