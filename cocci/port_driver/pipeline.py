# SPDX-License-Identifier: GPL-2.0-only
"""The stages in order: find, build before, patch, build after, report,
publish.  Each stage is a module of its own that takes the records of
the previous ones; none calls another."""

import os
import shutil
import signal
import tempfile

from modparm_convert import outdir
from modparm_convert import patches as series

from . import build, find, load, migrate, report

TOOL = "port-driver"


def run(cfg, progress):
	"""Everything into cfg.out, whole or not at all; returns the Report."""
	pkg = find.find_package(cfg.src)
	progress("%s: %d C files, %d headers%s" % (cfg.src, len(pkg.c_files), len(pkg.headers),
			 ", built by its own %s" % pkg.kbuild if pkg.kbuild else ""))
	code = build.kernel_version(cfg.kdir)
	parent = os.path.dirname(os.path.abspath(cfg.out))
	os.makedirs(parent, exist_ok=True)
	scratch = tempfile.mkdtemp(prefix=".port-driver.", dir=parent)
	try:
		texts = {r: find.read_text(os.path.join(pkg.root, r)) for r in pkg.c_files + pkg.headers}
		rep = report.Report(cfg.src, cfg.kdir, migrate.version_name(code))
		if cfg.build:
			progress("build before the patches against %s" % cfg.kdir)
			before = build.build(cfg, pkg, os.path.join(scratch, "before"), progress)
			rep.before = report.summarise("before", before, texts)
		progress("patch: dead compat branches and %d migrations"
			 % len(migrate.migrations(cfg.cocci_dir)))
		res = migrate.patch(cfg, pkg, code, os.path.join(scratch, "patch"), progress)
		rep.notes += res.undecided
		stage = os.path.join(scratch, "out")
		os.makedirs(stage)
		os.makedirs(os.path.join(scratch, "git"))
		names = series.write_series(os.path.join(scratch, "git"), stage, cfg.author,
					    [(s.rel, s.old.encode("utf-8", "surrogateescape"),
					      s.new.encode("utf-8", "surrogateescape"), s.message)
					     for s in res.steps], when=cfg.when,
					    signature="port-driver")
		with open(os.path.join(stage, "series"), "w") as f:
			f.write("".join(n + "\n" for n in names))
		rep.patches = names
		if cfg.build:
			progress("build after the patches (%d)" % len(names))
			# the package's own directory name: a generated Kbuild names
			# the module after it
			patched = os.path.join(scratch, "patched", os.path.basename(pkg.root))
			find_copy(pkg, patched, res.texts)
			after = build.build(cfg, find.find_package(patched),
					    os.path.join(scratch, "after"), progress)
			rep.after = report.summarise("after", after, res.texts)
			rep.notes += report.manual_notes(after, res.texts)
			if cfg.load and after.modules:
				image = load.image_for(cfg.kdir)
				if image is None:
					rep.loads.append(["", False, "no kernel image for %s: modules not "
							  "loaded" % cfg.kdir])
				else:
					progress("load %d module(s) in QEMU on %s" % (len(after.modules), image))
					kos = [os.path.join(scratch, "after", "tree", m) for m in after.modules]
					rep.loads += [[r.module, r.ok, r.what] for r in
						      load.load(image, kos, os.path.join(scratch, "load"))]
		report.write(rep, stage)
		publish(stage, cfg.out)
		return rep
	finally:
		shutil.rmtree(scratch, ignore_errors=True)


def find_copy(pkg, dest, texts):
	"""The package at dest with the patched texts."""
	build.copy_package(pkg.root, dest)
	for rel, t in texts.items():
		with open(os.path.join(dest, rel), "w", encoding="utf-8", errors="surrogateescape") as f:
			f.write(t)


def publish(stage, out):
	"""OUT replaced whole; an interrupt waits until it is done."""
	old = signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
	try:
		outdir.publish(stage, out, TOOL)
	finally:
		signal.pthread_sigmask(signal.SIG_SETMASK, old)
