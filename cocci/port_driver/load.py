# SPDX-License-Identifier: GPL-2.0-only
"""Load stage: the modules the patched package built are loaded in a
QEMU guest on the kernel KDIR belongs to (Debian's own
/boot/vmlinuz-ABI (or the copy qemu/debian-kernel.sh fetched under build/)
for /usr/src/linux-headers-ABI, the bzImage of a
kernel build), insmod with their defaults and rmmod, by the project's
qemu/load-modules.sh; nothing is loaded on this machine.  Each module
gets a line: loaded and removed, or the kernel's reason."""

import os
import subprocess
from dataclasses import dataclass

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOADER = os.path.join(REPO, "qemu", "load-modules.sh")


@dataclass
class LoadResult:
	module: str
	ok: bool
	what: str


def image_for(kdir):
	"""The kernel image KDIR's modules run on, or None."""
	real = os.path.realpath(kdir)
	base = os.path.basename(real)
	if base.startswith("linux-headers-"):
		rel = base[len("linux-headers-"):]
		# Installed, or fetched by scripts/ensure-deps.sh through
		# qemu/debian-kernel.sh where installing the package would
		# write /boot and build an initrd this tool never uses.
		build = os.environ.get("BUILD") or os.path.join(REPO, "build")
		for p in ("/boot/vmlinuz-" + rel,
			  os.path.join(build, "debian-kernel", rel, "boot", "vmlinuz-" + rel)):
			if os.path.isfile(p):
				return p
		return None
	p = os.path.join(real, "arch", "x86", "boot", "bzImage")
	return p if os.path.isfile(p) else None


def load(image, kos, work):
	"""kos: absolute .ko paths.  [LoadResult], one per module."""
	p = subprocess.run(["sh", LOADER, "--accel", "auto", image, work] + kos,
			   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
	res = os.path.join(work, "results")
	if p.returncode == 2 or not os.path.isfile(res):
		tail = p.stdout.decode("utf-8", "replace").strip().split("\n")[-1]
		return [LoadResult(os.path.basename(k)[:-3], False, "not loaded: " + tail) for k in kos]
	out = []
	with open(res) as f:
		for ln in f:
			name, status, what = (ln.rstrip("\n").split("\t") + ["", ""])[:3]
			out.append(LoadResult(name, status == "ok", what))
	return out
