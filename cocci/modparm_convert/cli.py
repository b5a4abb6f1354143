# SPDX-License-Identifier: GPL-2.0-only
"""modparm-convert - convert obsolete MODULE_PARM() to module_param*() in a
kernel tree, an old driver directory or a single file, with Coccinelle.

Usage: modparm-convert [--perm 0444] [--out DIR] [--in-place] [--jobs N]
                       [--report FILE] [--name NAME] [--keep-minimum] [--signoff]
                       [--check-build KDIR] [--check-load KDIR [--kernel IMAGE]]
                       [-I DIR]... SRC

  --perm MODE    permission of the parameters (default 0: no sysfs file,
                 as with MODULE_PARM)
  --out DIR      where the patches go (default NAME.modparm-patches beside
                 SRC, or beside a single file's directory).  Only a new or
                 empty directory, or one this program wrote (it marks it
                 with a .modparm-convert file) and that holds nothing else,
                 is taken; it is replaced whole.  A file, a directory that
                 holds SRC or is inside it, or another non-empty directory
                 is refused before any work (exit 2)
  --in-place     also change the sources
  --jobs N       spatch processes at once (default: CPUs, at most 4)
  --report FILE  also write the diagnostics and summary there
  --name NAME    name for OUT and the summary (default basename of SRC)
  --signoff      end each commit message with Signed-off-by: of the author
                 (as git format-patch --signoff); needs a git identity
  --keep-minimum a minimum count above 1 ("2-4i") gets a generated
                 module_param_cb() setter that keeps it, instead of
                 module_param_array (which has no minimum), as upstream
  --check-build KDIR
                 prove the conversions with the kernel's own parameter
                 type checks: for each converted file, the declarations of
                 its parameters (as spatch read them) and their new
                 module_param* lines are built as one small module against
                 the built kernel KDIR (a kbuild O= directory such as
                 build/kbuild, or a tree built in place), by kbuild with
                 -Werror, --jobs at a time.  A site that does not build is
                 an error naming its file and line, with gcc's first error;
                 the patches are written all the same (the check is a
                 verdict on them) and the exit status is 1
  --check-load KDIR
                 --check-build KDIR, then each changed file's parameters
                 as a small module that reports them, loaded in the
                 project's QEMU guest (qemu/run.sh, TCG, KDIR's
                 arch/x86/boot/bzImage): with a value for every parameter,
                 without values (the old defaults), and with a bad value
                 each (refused with the kernel's reason).  A failure is an
                 error naming the site; the exit status is 1
  --kernel IMAGE boot IMAGE for --check-load instead of KDIR's bzImage:
                 the kernel KDIR holds the headers of, such as Debian's
                 /boot/vmlinuz-6.1.0-NN-amd64 with KDIR
                 /lib/modules/6.1.0-NN-amd64/build
  -I DIR, -IDIR  a directory of the package's include path, as its Makefile
                 gives it to the compiler (repeatable, searched in order):
                 typedefs of the parameters' declarations are resolved in
                 the headers the file includes from there.  Without -I,
                 every include/ directory under SRC is searched (those
                 above the file first), and a note names the header used

Files that mention MODULE_PARM are run through modparm.cocci (beside this
program, or $MODPARM_COCCI).  One patch per changed file is written by
git format-patch under OUT with a 'series' file and a 'report.txt'.
Diagnostics go to stderr, GCC style.  Sources are changed only with
--in-place.  The patches' author is the user's git identity (git var
GIT_AUTHOR_IDENT: user.name and user.email), their date now; with
SOURCE_DATE_EPOCH set the output is reproducible.  Patches of files
with CRLF line ends apply with git am --keep-cr.

Exit status: 0 success (also when there is nothing to convert), 1 when a
file could not be parsed (it is listed and left untouched; sites left
with a diagnostic are not failures), a site failed --check-build, or
writing failed part way (the error says what was written), 2 on usage
or environment errors: a refused OUT, unwritable sources with
--in-place, KDIR not a built kernel among them (nothing is written
then), 130 when interrupted (nothing is written).

Environment: SPATCH (default spatch), MODPARM_COCCI, MODPARM_AUTHOR
("Name <email>": the patches' author instead of the git identity),
SOURCE_DATE_EPOCH (the patches' date, seconds since 1970, UTC),
MODPARM_SPATCH_TIMES (a file: each spatch run's wall time, semantic
patch and end on the monotonic clock are appended to it, for make bench).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys

from . import outdir, patches
from .config import Config, Options, RunState
from .failures import Failure, PartWritten
from .spatch import begin

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Mapping, Optional, Union

ME = "modparm-convert"
# the directory of the semantic patches and modparm-macros.h
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def usage() -> int:
	lines = __doc__.split("\n")
	first = [i for i, l in enumerate(lines) if l.startswith("Usage: ")][0]
	end = lines.index("", first)
	sys.stderr.write("usage: " + "\n".join(lines[first:end])[len("Usage: "):] +
			 "\n(--help for more)\n")
	return 2


def parse(argv: list[str]) -> Union[Options, int]:
	"""Options, or an exit status."""
	o = Options()
	with_value = {"--perm": "perm", "--out": "out", "-o": "out", "--jobs": "jobs",
		      "-j": "jobs", "--report": "report", "--name": "name",
		      "--check-build": "check_build", "--check-load": "check_load",
		      "--kernel": "kernel"}
	args = list(argv)
	rest = []
	while args:
		a = args.pop(0)
		if a in with_value:
			if not args:
				return usage()
			setattr(o, with_value[a], args.pop(0))
		elif a.split("=", 1)[0] in with_value and "=" in a:
			k, v = a.split("=", 1)
			setattr(o, with_value[k], v)
		elif a == "-I" or (a.startswith("-I") and len(a) > 2):
			if a == "-I" and not args:
				return usage()
			o.includes.append(args.pop(0) if a == "-I" else a[2:])
		elif a == "--in-place":
			o.inplace = True
		elif a == "--keep-minimum":
			o.keep_minimum = True
		elif a == "--signoff":
			o.signoff = True
		elif a in ("-h", "--help"):
			sys.stdout.write(__doc__)
			return 0
		elif a == "--":
			rest += args
			break
		elif a.startswith("-") and a != "-":
			sys.stderr.write("%s: unknown option %s\n" % (ME, a))
			return usage()
		else:
			rest.append(a)
	if len(rest) != 1:
		return usage()
	o.src = rest[0]
	return o


def die(msg: str) -> int:
	sys.stderr.write("%s: error: %s\n" % (ME, msg))
	return 2


def perm_refused(p: int) -> Optional[str]:
	"""Why the kernel's VERIFY_OCTAL_PERMISSIONS (include/linux/kernel.h)
	would refuse the sysfs mode p, or None.  Checked here so that a bad
	--perm fails once, up front, not in every converted module's build."""
	r, w = lambda s: (p >> s) & 4, lambda s: (p >> s) & 2
	if p & 2:
		return "writable by others"
	if r(6) < r(3) or r(3) < r(0):
		return "readable by group or others but not by its owner"
	if w(6) < w(3):
		return "writable by group but not by its owner"
	return None


def checkload_refused(o: Options) -> Optional[str]:
	"""Why --check-load cannot run, or None; it implies --check-build
	against the same kernel."""
	assert o.check_load is not None
	if o.check_build is None:
		o.check_build = o.check_load
	elif os.path.abspath(o.check_build) != os.path.abspath(o.check_load):
		return "--check-load %s: --check-build names another kernel (%s)" % (
			o.check_load, o.check_build)
	from .checkload import image_refused	# pylint: disable=import-outside-toplevel
	why = image_refused(o)
	if why:
		return why
	for tool, pkg in (("qemu-system-x86_64", "qemu-system-x86"), ("cc", "gcc"),
			  ("nm", "binutils")):
		if not shutil.which(os.environ.get("QEMU", tool) if tool.startswith("qemu") else tool):
			return "--check-load: %s not found; install %s" % (tool, pkg)
	return None


def main(argv: list[str]) -> int:
	o = parse(argv)
	if isinstance(o, int):
		return o
	cfg = checked(o, os.environ)
	if isinstance(cfg, int):
		return cfg
	return run(cfg, os.environ)


def jobs_refused(o: Options) -> Union[int, str]:
	"""--jobs as a number (default: CPUs, at most 4), or why not."""
	if o.jobs is None:
		return min(os.cpu_count() or 2, 4)
	if not re.fullmatch(r'[0-9]+', o.jobs) or int(o.jobs) == 0:
		return "--jobs %s: not a positive number" % o.jobs
	return int(o.jobs)


def args_refused(o: Options) -> Union[int, str]:
	"""Why the options themselves are refused, or the number of jobs;
	checked in the order the messages were always given."""
	assert o.src is not None
	if not re.fullmatch(r'0|0?[0-7]{3}', o.perm):
		return "--perm %s: not an octal permission such as 0444" % o.perm
	why = perm_refused(int(o.perm, 8))
	if why:
		return ("--perm %s: %s; module_param rejects it at build time "
			"(VERIFY_OCTAL_PERMISSIONS)" % (o.perm, why))
	if not os.path.lexists(o.src) or not os.path.exists(o.src):
		return "%s: no such file or directory" % o.src
	if not os.access(o.src, os.R_OK):
		return "%s: not readable" % o.src
	jobs = jobs_refused(o)
	if isinstance(jobs, str):
		return jobs
	if o.kernel is not None and o.check_load is None:
		return "--kernel %s: only --check-load boots a kernel" % o.kernel
	if o.check_load is not None:
		why = checkload_refused(o)
		if why:
			return why
	for d in o.includes:
		if not os.path.isdir(d):
			return "-I %s: no such directory" % d
		if ":" in d:
			return "-I %s: a ':' in an include directory is not supported" % d
	return jobs


def tools_refused(env: Mapping[str, str]) -> Union[tuple[str, str], str]:
	"""(spatch command, modparm.cocci), or why the run cannot have them."""
	spatch = env.get("SPATCH") or "spatch"
	if not shutil.which(spatch):
		return "%s: spatch (Coccinelle) not found; install coccinelle" % spatch
	if not shutil.which("git"):
		return "git not found; install git (it writes the patches)"
	cocci = env.get("MODPARM_COCCI") or os.path.join(HERE, "modparm.cocci")
	if not os.access(cocci, os.R_OK):
		return "%s: semantic patch not found" % cocci
	return spatch, cocci


def out_refused(o: Options, src: str, name: str) -> tuple[str, Optional[str]]:
	"""(OUT, why it or --report is refused or None)."""
	# the directory the patches apply in: SRC, or a single file's own
	base = src if os.path.isdir(src) else os.path.dirname(src) or "."
	dflt = outdir.default(base, name)
	out = (o.out or dflt).rstrip("/") or "/"
	# what to pass instead: the default, when that may be written
	why = outdir.refused(out, src, None if out == dflt or
			     outdir.refused(dflt, src, None) else dflt)
	if not why and o.report:
		why = outdir.report_refused(o.report, src, out)
	return out, why


def author_refused(o: Options, env: Mapping[str, str], base: str) -> Union[tuple[str, str], str]:
	"""(the patches' author, their date), or why there is none; a note
	when the author is the fallback."""
	try:
		author, how = patches.identity(env, os.path.abspath(base))
		date = patches.date(env)
	except patches.IdentError as e:
		return str(e)
	if author is None:
		if o.signoff:
			return ("--signoff: git has no identity to sign off with; set "
				"user.name and user.email (git config --global), or MODPARM_AUTHOR")
		author = patches.FALLBACK
		sys.stderr.write("%s: note: git has no identity (user.name, user.email): the "
				 "patches' author is %s; set one, or MODPARM_AUTHOR\n"
				 % (ME, author))
	return author, date


def checked(o: Options, env: Mapping[str, str]) -> Union[Config, int]:
	"""The Config of the options o, or the exit status of a refusal
	(its message said)."""
	jobs = args_refused(o)
	if isinstance(jobs, str):
		return die(jobs)
	includes = tuple(os.path.abspath(d) for d in o.includes)
	ktree = kobj = None
	if o.check_build is not None:
		from . import checkbuild	# pylint: disable=import-outside-toplevel
		try:
			ktree, kobj = checkbuild.kernel_dir(o.check_build)
		except checkbuild.KdirError as e:
			return die(str(e))
	tools = tools_refused(env)
	if isinstance(tools, str):
		return die(tools)
	assert o.src is not None
	src = o.src.rstrip("/") or "/"
	name = o.name or os.path.basename(os.path.abspath(src)) or "root"
	if "/" in name or name in (".", ".."):
		return die("--name %s: a name, not a path" % name)
	out, why = out_refused(o, src, name)
	if why:
		return die(why)
	who = author_refused(o, env, src if os.path.isdir(src) else os.path.dirname(src) or ".")
	if isinstance(who, str):
		return die(who)
	return Config(src=src, name=name, out=out, perm=o.perm, jobs=jobs,
		      spatch=tools[0], cocci=tools[1],
		      cocci2=os.path.join(HERE, "modparm_const.cocci"),
		      macros=os.path.join(HERE, "modparm-macros.h"), author=who[0], date=who[1],
		      inplace=o.inplace, keep_minimum=o.keep_minimum, signoff=o.signoff,
		      report=o.report, includes=includes, check_build=o.check_build,
		      check_load=o.check_load, kernel=o.kernel, ktree=ktree, kobj=kobj)


def run(cfg: Config, env: Mapping[str, str]) -> int:
	"""The conversion of cfg: its exit status."""
	def stop(signum, frame):
		raise KeyboardInterrupt
	# a terminated run cleans up like an interrupted one
	signal.signal(signal.SIGTERM, stop)
	signal.signal(signal.SIGHUP, stop)
	state = RunState()
	# spatch's tree run begins before the rest of the converter is
	# loaded: its own start (the semantic patch, its python) overlaps
	# the compiling of the converter's modules too
	sp = begin(cfg, env)
	try:
		from .convert import convert	# pylint: disable=import-outside-toplevel
	except BaseException as e:
		sp.stop()
		shutil.rmtree(sp.tmp, ignore_errors=True)
		if isinstance(e, KeyboardInterrupt):
			return interrupted(state)
		raise
	try:
		return convert(cfg, env, sp, state)
	except Failure as e:
		return die(str(e))
	except PartWritten as e:
		sys.stderr.write("%s: error: %s\n" % (ME, e))
		return 1
	except KeyboardInterrupt:
		return interrupted(state)


def interrupted(state: RunState) -> int:
	sys.stderr.write("%s: interrupted: %s\n" % (ME, "the results were already written"
		if state.published else "nothing written, sources unchanged"))
	return 130
