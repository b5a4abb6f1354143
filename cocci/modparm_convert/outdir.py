# SPDX-License-Identifier: GPL-2.0-only
"""OUT, the directory of the patches: where it goes by default, which
OUT is refused before any work, and its replacement.

The converter replaces only an OUT it wrote itself.  It marks each OUT
it writes with a file (MARKER), and replaces an existing OUT only when
that file is there and OUT holds nothing else than what it writes.  It
never takes a directory that holds SRC or is inside it (compared as real
paths, so a symbolic link cannot hide it), a file, or a non-empty
directory it did not make.  port-driver writes its OUT under the same
rule, with a mark of its own (tool)."""

import os
import re
import shutil
import tempfile

TOOL = "modparm-convert"
MARKER = "." + TOOL
SUFFIX = ".modparm-patches"
# what the tools write into OUT, besides the mark, and nothing else
OWN_RE = re.compile(r'^(series|report\.txt|report\.json|[0-9]{4}-.*\.patch)$')


def marker(tool):
	"""The name of the file that marks an OUT tool wrote."""
	return "." + tool


def mark_text(tool):
	"""The mark's text, which says what the directory is."""
	return ("This directory was written by %s; its next run with\n"
		"this --out replaces it whole.  Keep your own files elsewhere.\n" % tool)


MARK_TEXT = mark_text(TOOL)


def default(base, name):
	"""NAME.modparm-patches beside the directory the patches apply in
	(SRC, or a single file's directory): never inside the sources, and
	not dependent on the directory the converter runs in."""
	return os.path.join(os.path.dirname(os.path.abspath(base)), name + SUFFIX)


def within(path, top):
	"""Whether the real path path is top or below it."""
	return path == top or path.startswith(top.rstrip("/") + "/")


def nearest(path):
	"""The nearest existing ancestor of path (path itself if it exists)."""
	while not os.path.lexists(path):
		up = os.path.dirname(path)
		if up == path:
			break
		path = up
	return path


def alien(entries, tool=TOOL):
	"""The entries of a directory that tool does not write."""
	return sorted(e for e in entries if e != marker(tool) and not OWN_RE.match(e))


def ours(real, tool=TOOL):
	"""Whether the directory real carries tool's mark."""
	try:
		with open(os.path.join(real, marker(tool))) as f:
			return f.read() == mark_text(tool)
	except (OSError, UnicodeDecodeError):
		return False


def refused(out, src, instead, tool=TOOL):
	"""Why OUT may not be written for SRC by tool, or None.  instead:
	what to suggest passing."""
	real = os.path.realpath(out)
	srcreal = os.path.realpath(src)
	hint = "; pass --out with a new directory outside the sources%s" % (
		", such as %s" % instead if instead else "")
	if within(real, srcreal):
		return ("--out %s: %s the sources (%s): the patches would be written into "
			"the files they are made from%s" % (
				out, "is" if real == srcreal else "is inside", src, hint))
	if within(srcreal, real):
		return ("--out %s: holds the sources (%s): replacing it would delete them%s"
			% (out, src, hint))
	if os.path.lexists(out):
		if not os.path.isdir(real):
			return ("--out %s: is a file, not a directory: %s writes a "
				"directory and never replaces a file%s" % (out, tool, hint))
		try:
			entries = os.listdir(real)
		except OSError as e:
			return "--out %s: cannot read it: %s%s" % (out, e.strerror, hint)
		if entries and not ours(real, tool):
			return ("--out %s: a directory that is not empty and that %s "
				"did not write (it has no %s file): its files would be lost%s"
				% (out, tool, marker(tool), hint))
		other = alien(entries, tool)
		if other:
			return ("--out %s: holds %s, which %s did not write: "
				"replacing the directory would lose %s; move %s elsewhere, or%s"
				% (out, ", ".join(other[:3]) + (", ..." if len(other) > 3 else ""), tool,
				   "it" if len(other) == 1 else "them",
				   "it" if len(other) == 1 else "them", hint[1:]))
	parent = os.path.dirname(real)
	top = nearest(parent)
	if not os.path.isdir(top):
		return "--out %s: cannot be created: %s is not a directory%s" % (out, top, hint)
	if not os.access(top, os.W_OK | os.X_OK):
		return "--out %s: cannot be written: %s is not writable%s" % (out, top, hint)
	return None


def report_refused(report, src, out):
	"""Why the --report file may not be written, or None: it must not be
	one of the sources, nor inside OUT (replaced after it is written)."""
	real = os.path.realpath(report)
	if within(real, os.path.realpath(src)):
		return "--report %s: is inside the sources (%s): give a file outside them" % (
			report, src)
	if within(real, os.path.realpath(out)):
		return ("--report %s: is inside OUT (%s), which is replaced whole: give a "
			"file outside it (report.txt in OUT has the same text)" % (report, out))
	if os.path.isdir(real):
		return "--report %s: is a directory" % report
	d = os.path.dirname(real)
	if not (os.path.isdir(d) and os.access(d, os.W_OK | os.X_OK)):
		return "--report %s: report file not writable" % report
	return None


def publish(stage, out, tool=TOOL):
	"""Put the files of stage in place as OUT, whole: a copy is built
	beside OUT (marked as the converter's, with the umask's mode, as
	mkdir would give it) and renamed over it; an old OUT, which refused()
	proved the converter's, is moved aside first and removed last, or
	put back when the rename fails."""
	real = os.path.realpath(out)
	parent = os.path.dirname(real)
	os.makedirs(parent, exist_ok=True)
	new = tempfile.mkdtemp(prefix=".modparm-out.", dir=parent)
	aside = None
	try:
		mask = os.umask(0)
		os.umask(mask)
		os.chmod(new, 0o777 & ~mask)
		for n in sorted(os.listdir(stage)):
			shutil.copyfile(os.path.join(stage, n), os.path.join(new, n))
		with open(os.path.join(new, marker(tool)), "w") as f:
			f.write(mark_text(tool))
		if os.path.lexists(real):
			aside = tempfile.mkdtemp(prefix=".modparm-old.", dir=parent)
			os.rename(real, os.path.join(aside, "out"))
		try:
			os.rename(new, real)
		except OSError:
			if aside:
				os.rename(os.path.join(aside, "out"), real)
			raise
		new = None
	finally:
		if new:
			shutil.rmtree(new, ignore_errors=True)
		if aside:
			shutil.rmtree(aside, ignore_errors=True)
