"""``python -m shipyard_tui``: the same as the ``shipyard`` command."""

import sys

from shipyard_tui.cli import main

sys.exit(main())
