# SPDX-License-Identifier: GPL-2.0-only
"""port-driver: port an old out-of-tree driver to the kernel of KDIR."""
