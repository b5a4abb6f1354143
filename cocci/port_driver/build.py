# SPDX-License-Identifier: GPL-2.0-only
"""Build stage: the whole package built against KDIR by kbuild, in a
scratch copy, and every compiler and modpost error read back.

The package's own kbuild file is used when it has one (a Kbuild, or a
Makefile with obj-m); otherwise a Kbuild is written that links every C
file of the package into one module.  make runs with -k, so every file
is compiled however many fail, and --output-sync, so that each file's
messages come together after its CC line.

A header that a kernel change removed (linux/config.h...) stops gcc at
the #include and hides every later error of the file.  When one is
missing, the package is built a second time with an empty stand-in for
each such header in a scratch include directory searched last
(-idirafter): its errors are reported too.  The stand-ins serve only
this build, never the patches, and the files counted as compiled are
those of the first build."""

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field

from .changes import REMOVED_HEADERS

DIAG = re.compile(r'^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)? '
		  r'(?P<kind>error|fatal error): (?P<msg>.*)$')
MODPOST = re.compile(r'^ERROR: modpost: (?P<msg>.*)$')
ANY_DIAG = re.compile(r'^[^\s:][^:]*:\d+:(\d+:)? (error|warning|fatal error|note): |'
		      r'^In file included from |^[^\s:][^:]*: In function |^ERROR: |^WARNING: |'
		      r'^make(\[\d+\])?: |^\s+CC |^\s+LD |^\s+MODPOST|^\s+CC \[M\]')
COMPILE = re.compile(r'^\s+CC \[M\]\s+(?P<obj>\S+)\.o$')
MISSING = re.compile(r'fatal error: (?P<hdr>[\w./-]+): No such file or directory')


class BuildError(Exception):
	pass


@dataclass(frozen=True)
class Diagnostic:
	file: str		# relative to the package, or the kernel path as gcc named it
	line: int
	message: str
	context: str		# the notes and source lines gcc printed with it
	unit: str		# the C file being compiled (relative), or "" (modpost)
	hidden: bool = False	# seen only with the removed headers' stand-ins


@dataclass
class BuildResult:
	kbuild: str			# "own Kbuild", "own Makefile" or "generated Kbuild"
	files: list			# the C files the build compiles (relative)
	compiled: list			# those that compiled
	not_built: list			# C files of the package the kbuild file does not build
	diagnostics: list		# distinct error lines, Diagnostic
	modules: list = field(default_factory=list)	# .ko written (relative)
	standins: list = field(default_factory=list)	# removed headers given a stand-in
	log: str = ""


def kernel_version(kdir):
	"""LINUX_VERSION_CODE of KDIR (headers or a built tree)."""
	for rel in ("include/generated/uapi/linux/version.h", "include/linux/version.h"):
		p = os.path.join(kdir, rel)
		if os.path.isfile(p):
			with open(p) as f:
				m = re.search(r'#define LINUX_VERSION_CODE (\d+)', f.read())
			if m:
				return int(m.group(1))
	raise BuildError("%s: no include/generated/uapi/linux/version.h: not a prepared "
			 "kernel tree or headers package" % kdir)


def copy_package(root, dest):
	"""A clean copy of the package: no objects or kbuild leftovers of
	its author's own builds (a stale .o would count as compiled)."""
	junk = re.compile(r'.*\.(o|ko|mod|mod\.c|cmd|a|order|symvers)$|^\.tmp_versions$|^\.port-')
	shutil.copytree(root, dest, symlinks=True,
			ignore=lambda d, names: [n for n in names if junk.match(n) or n == ".git"])


def module_name(pkg):
	stems = {os.path.splitext(os.path.basename(c))[0] for c in pkg.c_files}
	name = re.sub(r'\W', '_', os.path.basename(pkg.root)) or "driver"
	while name in stems:
		name += "_drv"
	return name


def generated_kbuild(pkg):
	name = module_name(pkg)
	lines = ["# written by port-driver: every C file of the package in one module",
		 "obj-m += %s.o" % name]
	lines += ["%s-y += %s.o" % (name, c[:-2]) for c in pkg.c_files]
	return "\n".join(lines) + "\n"


def run_make(cfg, kdir, tree, kcflags):
	env = dict(os.environ, PWD=tree, LC_ALL="C.UTF-8", KCFLAGS=" ".join(kcflags))
	for k in ("ARCH", "CROSS_COMPILE", "KBUILD_OUTPUT", "O"):
		env.pop(k, None)
	cmd = ["make", "-k", "-j%d" % cfg.jobs, "--output-sync=target", "-C", kdir,
	       "M=" + tree, "modules"]
	try:
		p = subprocess.run(cmd, cwd=tree, env=env, stdout=subprocess.PIPE,
				   stderr=subprocess.STDOUT, check=False)
	except OSError as e:
		raise BuildError("make: %s" % e.strerror)
	return p.stdout.decode("utf-8", "replace")


def parse(log, tree):
	"""The distinct error lines of a kbuild log, each with its context
	and the unit being compiled."""
	out, seen, unit = [], set(), ""
	lines = log.split("\n")

	def rel(path):
		a = os.path.normpath(os.path.join(tree, path))
		return os.path.relpath(a, tree) if a.startswith(tree + os.sep) else path

	for i, ln in enumerate(lines):
		m = COMPILE.match(ln)
		if m:
			unit = rel(m.group("obj") + ".c")
			continue
		m = DIAG.match(ln)
		mp = None if m else MODPOST.match(ln)
		if not m and not mp:
			continue
		ctx = []
		for nxt in lines[i + 1:]:
			if DIAG.match(nxt) or MODPOST.match(nxt) or (ANY_DIAG.match(nxt) and
								       ": note: " not in nxt):
				break
			ctx.append(nxt)
		if m:
			d = Diagnostic(rel(m.group("file")), int(m.group("line")), m.group("msg"),
				       "\n".join(ctx), unit)
		else:
			d = Diagnostic("", 0, "modpost: " + mp.group("msg"), "", "")
		key = (d.file, d.line, d.message)
		if key not in seen:
			seen.add(key)
			out.append(d)
	return out


def missing_removed(diags):
	"""The headers of the table that gcc found missing."""
	return {m.group("hdr") for d in diags for m in [MISSING.search("fatal error: " + d.message)]
		if m and m.group("hdr") in REMOVED_HEADERS}


def write_kbuild(pkg, tree, use_own):
	"""Which kbuild file builds the copy at tree; writes the generated
	one when the package's own is not used."""
	if use_own and pkg.kbuild:
		return "own " + pkg.kbuild
	for n in ("Kbuild", "Makefile", "makefile"):
		p = os.path.join(tree, n)
		if os.path.exists(p):
			os.rename(p, p + ".port-orig")
	with open(os.path.join(tree, "Kbuild"), "w") as f:
		f.write(generated_kbuild(pkg))
	return "generated Kbuild"


def build_once(cfg, pkg, tree, use_own, standin):
	copy_package(pkg.root, tree)
	how = write_kbuild(pkg, tree, use_own)
	flags = ["-I" + os.path.join(tree, d) for d in pkg.include_dirs]
	flags += list(cfg.extra_flags)
	if standin:
		flags.append("-idirafter" + standin)
	log = run_make(cfg, cfg.kdir, tree, flags)
	return how, log


def build(cfg, pkg, scratch, progress=None):
	"""Build pkg against cfg.kdir in scratch (which must not exist)."""
	os.makedirs(scratch)
	tree = os.path.join(scratch, "tree")
	how, log = build_once(cfg, pkg, tree, True, None)
	attempted = [os.path.relpath(os.path.join(tree, m.group("obj") + ".c"), tree)
		     for m in map(COMPILE.match, log.split("\n")) if m]
	if pkg.kbuild and not attempted:
		# the package's own file built nothing here (a Makefile for
		# kernels long gone): say so and build every file
		if progress:
			progress("%s compiles nothing against %s; using a generated Kbuild"
				 % (pkg.kbuild, cfg.kdir))
		shutil.rmtree(tree)
		how, log = build_once(cfg, pkg, tree, False, None)
		how += " (the package's %s compiled nothing)" % pkg.kbuild
		attempted = [os.path.relpath(os.path.join(tree, m.group("obj") + ".c"), tree)
			     for m in map(COMPILE.match, log.split("\n")) if m]
	files = sorted(set(c for c in attempted if c in pkg.c_files))
	compiled = [c for c in files if os.path.exists(os.path.join(tree, c[:-2] + ".o"))]
	modules = sorted(os.path.relpath(os.path.join(d, n), tree)
			 for d, _, ns in os.walk(tree) for n in ns if n.endswith(".ko"))
	diags = parse(log, tree)
	fulllog = log
	missing = missing_removed(diags)
	known = {(d.file, d.line, d.message) for d in diags}
	standin = os.path.join(scratch, "standin")
	tried = set()
	# one stand-in can uncover the next removed header of the same file
	while missing - tried:
		tried |= missing
		for h in sorted(missing):
			os.makedirs(os.path.dirname(os.path.join(standin, h)), exist_ok=True)
			with open(os.path.join(standin, h), "w") as f:
				f.write("/* empty stand-in for a header the kernel removed */\n")
		tree2 = os.path.join(scratch, "attribution-%d" % len(tried))
		_, log2 = build_once(cfg, pkg, tree2, how.startswith("own"), standin)
		fulllog += "\n# attribution build, with stand-ins for %s\n%s" % (" ".join(sorted(tried)), log2)
		found = parse(log2, tree2)
		missing = missing_removed(found)
		for d in found:
			if (d.file, d.line, d.message) not in known:
				known.add((d.file, d.line, d.message))
				diags.append(Diagnostic(d.file, d.line, d.message, d.context, d.unit, True))
		shutil.rmtree(tree2, ignore_errors=True)
	missing = sorted(tried)
	with open(os.path.join(scratch, "build.log"), "w") as f:
		f.write(fulllog)
	not_built = [c for c in pkg.c_files if c not in files]
	return BuildResult(how, files, compiled, not_built, diags, modules, missing, fulllog)
