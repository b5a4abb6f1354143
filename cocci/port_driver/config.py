# SPDX-License-Identifier: GPL-2.0-only
"""Every option of a run in one record, filled by the command line and
read by the stages; no stage reads the environment itself."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PortConfig:
	src: str			# the package, as given
	kdir: str			# headers or built kernel to build against
	out: str			# where patches and reports go
	spatch: str = "spatch"
	jobs: int = 2
	build: bool = True		# build before and after (off: patches only)
	load: bool = True		# load what builds in QEMU on KDIR's kernel
	author: str = "port-driver <port-driver@localhost>"
	when: str = "0 +0000"		# the patches' date, git's raw form
	cocci_dir: str = ""		# where the migrations' .cocci files are
	progress: bool = True		# one line per stage on stderr
	extra_flags: tuple = field(default_factory=tuple)	# more -I/-D for the build
