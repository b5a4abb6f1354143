# SPDX-License-Identifier: GPL-2.0-only
"""The C reading and deciding of modparm.cocci, importable without spatch
(rules.py)."""
