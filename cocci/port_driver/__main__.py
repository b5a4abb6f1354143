# SPDX-License-Identifier: GPL-2.0-only
import sys

from .cli import main

sys.exit(main(sys.argv[1:]))
