"""``python -m shipyard_tui.cli``: the ``shipyard`` command."""

import sys

from shipyard_tui.cli import main

sys.exit(main())
