# SPDX-License-Identifier: GPL-2.0-only
"""The MODULE_PARM converter: modparm-convert is its command line."""
