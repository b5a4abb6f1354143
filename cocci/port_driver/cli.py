# SPDX-License-Identifier: GPL-2.0-only
"""Usage: port-driver [--kdir DIR] [--out DIR] [--jobs N] [--no-build] SRC

Port the old out-of-tree driver package SRC to the kernel of KDIR:
remove the #if LINUX_VERSION_CODE branches that kernel never compiles,
apply the semantic patches of cocci/port/ (one per kernel change), build
the package before and after against KDIR, and attribute every compiler
and modpost error line to the kernel change that caused it.

  --kdir DIR   kernel headers or a built tree (default: Debian's
               linux-headers of the installed linux-source-6.1, else
               build/kbuild of this repository)
  --out DIR    patches (series, one per change per file), report.txt and
               report.json (default: NAME.port-patches beside SRC;
               only a new or empty directory, or one port-driver wrote, is taken)
  --jobs N     make and spatch parallelism (default 2)
  --no-build   patches only, no build (no KDIR needed for more than its
               version)
  --no-load    do not load the modules that build in QEMU (by default
               each is loaded with insmod and removed in a guest booted
               on KDIR's kernel: /boot/vmlinuz-ABI for Debian's headers)
  --print-kdir print the default KDIR and exit

Exit status: 0 done (errors left in the driver are in the report), 1 bad
input (named), 2 usage or environment error; 130 interrupted, nothing
written.  SRC is never changed.
"""

import os
import shutil
import signal
import subprocess
import sys

from modparm_convert import outdir
from modparm_convert import patches as series

from . import build, find, migrate, pipeline
from .config import PortConfig

ME = "port-driver"


def die(msg, code=2):
	sys.stderr.write("%s: error: %s\n" % (ME, msg))
	return code


def debian_headers():
	"""/usr/src/linux-headers-ABI-amd64 of the installed linux-source-6.1's
	version, when installed."""
	try:
		v = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "linux-source-6.1"],
				   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
	except OSError:
		return None
	version = v.stdout.decode().strip()
	if v.returncode != 0 or not version:
		return None
	for d in sorted(os.listdir("/usr/src")) if os.path.isdir("/usr/src") else []:
		if not (d.startswith("linux-headers-6.1.") and d.endswith("-amd64")):
			continue
		q = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", d],
				   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
		if q.returncode == 0 and q.stdout.decode().strip() == version:
			return os.path.join("/usr/src", d)
	return None


def default_kdir():
	here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
	return debian_headers() or os.path.join(here, "build", "kbuild")


def parse(argv):
	opts = {"kdir": None, "out": None, "jobs": "2", "build": True, "load": True}
	src = None
	i = 0
	while i < len(argv):
		a = argv[i]
		if a in ("-h", "--help"):
			sys.stdout.write(__doc__)
			return 0
		if a in ("--kdir", "--out", "--jobs"):
			if i + 1 >= len(argv):
				return die("%s needs a value" % a)
			opts[a[2:]] = argv[i + 1]
			i += 2
			continue
		if a == "--no-build":
			opts["build"] = False
		elif a == "--no-load":
			opts["load"] = False
		elif a == "--print-kdir":
			sys.stdout.write(default_kdir() + "\n")
			return 0
		elif a.startswith("-"):
			return die("unknown option %s (--help)" % a)
		elif src is None:
			src = a
		else:
			return die("one SRC only (--help)")
		i += 1
	if src is None:
		return die("no SRC given (--help)")
	opts["src"] = src
	return opts


def main(argv):
	o = parse(argv)
	if isinstance(o, int):
		return o
	if not os.path.isdir(o["src"]):
		return die("%s: not a directory" % o["src"])
	if not o["jobs"].isdigit() or int(o["jobs"]) == 0:
		return die("--jobs %s: not a positive number" % o["jobs"])
	kdir = o["kdir"] or default_kdir()
	try:
		build.kernel_version(kdir)
	except build.BuildError as e:
		return die(str(e))
	name = os.path.basename(os.path.abspath(o["src"]))
	# the converter's OUT rule: beside SRC by default, never in it or
	# around it, and only a directory this tool wrote is replaced
	dflt = os.path.join(os.path.dirname(os.path.abspath(o["src"])), name + ".port-patches")
	out = (o["out"] or dflt).rstrip("/") or "/"
	why = outdir.refused(out, o["src"], None if out == dflt else dflt, pipeline.TOOL)
	if why:
		return die(why)
	# the patches' author and date as modparm-convert takes them
	try:
		author, _ = series.identity(os.environ, os.path.abspath(o["src"]))
		when = series.date(os.environ)
	except series.IdentError as e:
		return die(str(e))
	spatch = os.environ.get("SPATCH") or "spatch"
	for tool, pkg in ((spatch, "coccinelle"), ("git", "git"), ("make", "make")):
		if not shutil.which(tool):
			return die("%s not found; install %s" % (tool, pkg))
	here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
	cfg = PortConfig(src=o["src"], kdir=kdir, out=out, spatch=spatch, jobs=int(o["jobs"]),
			 build=o["build"], load=o["load"], cocci_dir=os.path.join(here, "port"),
			 author=author or PortConfig.author, when=when)

	def progress(msg):
		sys.stderr.write("%s: %s\n" % (ME, msg))

	def stop(signum, frame):
		raise KeyboardInterrupt
	signal.signal(signal.SIGTERM, stop)
	signal.signal(signal.SIGHUP, stop)
	try:
		rep = pipeline.run(cfg, progress)
	except KeyboardInterrupt:
		sys.stderr.write("%s: interrupted: nothing written\n" % ME)
		return 130
	except find.InputError as e:
		return die(str(e), 1)
	except (build.BuildError, migrate.MigrationError, series.GitError) as e:
		return die(str(e))
	for s in (rep.before, rep.after):
		if s:
			sys.stdout.write("%s: %s: %d of %d files compile, %d error lines (%d unknown)\n"
					 % (ME, s.label, s.compiled, s.files, s.error_lines, len(s.unknown)))
	for m, ok, what in rep.loads:
		sys.stdout.write("%s: load in QEMU: %s: %s: %s\n" % (ME, m or "-", "ok" if ok else "FAILED", what))
	sys.stdout.write("%s: %d patches in %s (report.txt, report.json)\n" % (ME, len(rep.patches), out))
	return 0
