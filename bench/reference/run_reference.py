"""Starts the Python reference's CLI (its source folder in REFERENCE_SRC) for
`pad-lattice bench --compare`, on a machine like the development one: Debian's
python3-websockets (10.4) lacks `websockets.sync` (added in 11), which the
reference imports at start-up but only its browser surface uses. Its `daemon`
command runs here without --web, so a stand-in that fails if it is ever called
lets the import succeed and changes nothing that is measured."""
import os
import runpy
import sys
import types


def _unavailable(*_args, **_kwargs):
    raise RuntimeError("websockets.sync is unavailable in this interpreter; run the reference without --web")


try:
    import websockets.sync.server  # noqa: F401  (a recent websockets: nothing to stand in for)
except ImportError:
    server = types.ModuleType("websockets.sync.server")
    server.Server = server.ServerConnection = type("Unavailable", (), {})
    server.serve = _unavailable
    sync = types.ModuleType("websockets.sync")
    sync.server = server
    sys.modules["websockets.sync"] = sync
    sys.modules["websockets.sync.server"] = server

sys.path.insert(0, os.environ["REFERENCE_SRC"])
sys.argv[0] = "pad-lattice"
runpy.run_module("pad_lattice.cli", run_name="__main__", alter_sys=True)
