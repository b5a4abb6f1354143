#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The converter and the kernel's own `make coccicheck MODE=patch` agree.

For each tree: coccicheck runs modparm.cocci and then
modparm_const.cocci over a copy (what a kernel developer runs, with
the macro file through SPFLAGS), and the diffs are applied with patch(1);
modparm-convert --in-place converts another copy.  Every file must come
out as the same code, but for the files with a MODULE_PARM in a #define
body: those wrapper macros and shims are the converter's own work
(spatch cannot parse such bodies), counted apart.  modparm.cocci's Python (modparm_rules/) is found
through PYTHONPATH, the way cocci/README.md documents.  The converter also repairs the layout that spatch
leaves (comments, blank lines, an emptied #ifdef MODULE, the line
spatch adds in every branch of an #if put once after its #endif), so the
comparison is of code, in the files that mention MODULE_PARM: comments, blank lines and empty #if blocks
removed, spaces squeezed, coccicheck's lines in every branch of an #if
put after the #endif as the converter does.

usage: test_coccicheck.py KSRC NAME=DIR|NAME=TARBALL...
Prints KTAP (one test per tree); SKIP when KSRC has no
scripts/coccicheck.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
COCCI = os.path.dirname(HERE)
sys.path.insert(0, COCCI)
from modparm_convert import api, fixups, macros, sites  # noqa: E402
# the converter's API patches, in its order
API_PATCHES = api.PATCHES


def converter_own(text):
	"""Whether a file holds a MODULE_PARM in a #define body (but a
	#define of MODULE_PARM itself), which the converter alone converts."""
	lines = sites.find_sites(text)[1]
	return any(d.first <= ln <= d.last and d.name != "MODULE_PARM"
		   for d in macros.scan("", text)[0] for ln in lines)


def code_of(text):
	"""The code of a C file for comparison: no comments, no blank
	lines, no empty #if/#endif pair, spaces squeezed."""
	text = text.replace("\r\n", "\n")
	text = re.sub(r'/\*.*?\*/|//[^\n]*', lambda m: "\n" * m.group(0).count("\n"),
		      text, flags=re.S)
	lines = [re.sub(r'\s+', ' ', l).strip() for l in text.split("\n")]
	lines = [l for l in lines if l]
	out = []
	for l in lines:
		if re.match(r'#\s*endif\b', l) and out and re.match(r'#\s*if', out[-1]):
			out.pop()
			continue
		out.append(l)
	return out


def hoisted(old, text):
	"""coccicheck's text with a line spatch added in every branch of an
	#if (after the variable's declaration in each) put once after the
	#endif, as the converter lays it out: the same code in every
	configuration."""
	old, text = old.replace("\r\n", "\n"), text.replace("\r\n", "\n")
	old, text = old.split("\n"), text.split("\n")
	# a declaration's trailing comment, which spatch gives to the line
	# added after it, back on the declaration first: comments are not
	# compared, but a comment on one of the lines keeps it in its branch
	# and the '#ifdef MODULE_PARM' around converted lines and the
	# '#ifndef MODULE' around a parser given the parameter removed
	return "\n".join(fixups.unguard(old, fixups.unguard_parsers(old, fixups.hoist_branch_lines(
		old, fixups.fix_comments(old, text)))))


def read(path):
	with open(path, "rb") as f:
		return f.read().decode("utf-8", "surrogateescape")


def sources(top):
	for d, dirs, files in os.walk(top):
		dirs.sort()
		for f in sorted(files):
			if f.endswith((".c", ".h")) and not os.path.islink(os.path.join(d, f)):
				yield os.path.relpath(os.path.join(d, f), top)


def coccicheck(ksrc, cocci, tree, log):
	"""Run one semantic patch over tree with coccicheck, apply its diff."""
	cmd = ["make", "-s", "-C", ksrc, "coccicheck", "MODE=patch", "COCCI=" + cocci,
	       "M=" + tree, "J=2",
	       "SPFLAGS=--macro-file " + os.path.join(COCCI, "modparm-macros.h") +
	       " -D modparm_src=" + tree]
	# modparm_rules/ through PYTHONPATH, as cocci/README.md tells a user
	pp = os.environ.get("PYTHONPATH")
	env = dict(os.environ, PYTHONPATH=COCCI + (":" + pp if pp else ""))
	r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
	out = r.stdout.decode("utf-8", "surrogateescape")
	log.write(out)
	if r.returncode != 0:
		return None
	# the diff names files a/<M>/FILE (coccicheck adds --patch srctree)
	strip = 1 + len(tree.strip("/").split("/"))
	# the API patches' site lines and diagnostics are not the diff's
	diff = "".join(l + "\n" for l in out.split("\n")
		       if not l.startswith(("/usr/", "Please check", "When using", "modparm-api-site:"))
		       and not re.search(r'\[modparm-[\w-]+\]$', l))
	if "\n+++ " not in "\n" + diff:
		# nothing to change (the API patches on a 2.2 tree): patch(1)
		# would call the empty input garbage
		return 0
	r = subprocess.run(["patch", "-s", "-p%d" % strip, "-d", tree, "--no-backup-if-mismatch"],
			   input=diff.encode("utf-8", "surrogateescape"),
			   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
	log.write(r.stdout.decode("utf-8", "replace"))
	return out.count("\n+++ ") if r.returncode == 0 else None


def one(ksrc, name, src, tmp):
	base = os.path.join(tmp, name)
	os.makedirs(base)
	if src.endswith((".tar.xz", ".tar.gz", ".tar")):
		subprocess.run(["tar", "-xf", src, "-C", base], check=True)
		(top,) = os.listdir(base)
		pristine = os.path.join(base, top)
	else:
		pristine = os.path.join(base, "src")
		shutil.copytree(src, pristine, symlinks=True)
	cc = os.path.join(base, "coccicheck")
	conv = os.path.join(base, "converter")
	shutil.copytree(pristine, cc, symlinks=True)
	shutil.copytree(pristine, conv, symlinks=True)
	# the old trees have Latin-1 files: their bytes go through as read
	with open(os.path.join(base, "coccicheck.log"), "w", errors="surrogateescape") as log:
		n1 = coccicheck(ksrc, os.path.join(COCCI, "modparm.cocci"), cc, log)
		n2 = coccicheck(ksrc, os.path.join(COCCI, "modparm_const.cocci"), cc, log) \
			if n1 is not None else None
		# then the module-parameter API's, as the converter runs them
		for sp in API_PATCHES:
			if n2 is not None:
				n2 = coccicheck(ksrc, os.path.join(COCCI, sp), cc, log)
	if n1 is None or n2 is None:
		K.not_ok(name, "make coccicheck or patch failed",
			 open(os.path.join(base, "coccicheck.log"), errors="replace").read()[-2000:])
		return
	r = subprocess.run([os.path.join(COCCI, "modparm-convert"), "--in-place", "--jobs", "2",
			    "--out", os.path.join(base, "out"), conv],
			   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
	if r.returncode not in (0, 1):
		K.not_ok(name, "modparm-convert exited %d" % r.returncode)
		return
	differ = []
	changed = 0
	own = 0
	for rel in sources(pristine):
		old = read(os.path.join(pristine, rel))
		if "MODULE_PARM" not in old:
			# the converter reads only these; coccicheck may also drop
			# a const of a charp elsewhere
			continue
		if converter_own(old):
			own += 1
			continue
		a = read(os.path.join(cc, rel))
		b = read(os.path.join(conv, rel))
		if a != old or b != old:
			changed += 1
		if code_of(hoisted(old, a)) != code_of(b):
			differ.append(rel)
	if differ:
		diffs = ""
		for rel in differ[:3]:
			d = subprocess.run(["diff", "-u", os.path.join(cc, rel), os.path.join(conv, rel)],
					   stdout=subprocess.PIPE)
			diffs += "\n".join(d.stdout.decode("utf-8", "replace").split("\n")[:30])
		K.not_ok(name, "%d of %d changed files differ from the converter's, first: %s"
			 % (len(differ), changed, " ".join(differ[:5])), diffs)
	elif changed == 0:
		K.not_ok(name, "neither changed any file, nothing compared")
	else:
		K.ok("%s: %d files changed, the same code as modparm-convert's (%d with "
		     "MODULE_PARM in a #define, the converter's alone, not compared)"
		     % (name, changed, own))


class Ktap:
	"""KTAP results (Documentation/dev-tools/ktap.rst), plan last, as
	scripts/ktap.sh writes them for the shell suites."""

	def __init__(self):
		self.n, self.failed = 0, 0

	def line(self, text, diag=""):
		self.n += 1
		print(text % self.n)
		for l in diag.split("\n") if diag else []:
			print("# " + l)
		sys.stdout.flush()

	def ok(self, name):
		self.line("ok %d " + name.replace("%", "%%"))

	def not_ok(self, name, why, diag=""):
		self.failed += 1
		self.line("not ok %d " + ("%s: %s" % (name, why)).replace("%", "%%"), diag)

	def skip(self, name, why):
		self.line("ok %d " + ("%s # SKIP %s" % (name, why)).replace("%", "%%"))

	def finish(self):
		print("1..%d" % self.n)
		return 1 if self.failed else 0


K = Ktap()


def main(argv):
	if len(argv) < 2:
		sys.stderr.write(__doc__)
		return 2
	ksrc = argv[0]
	print("KTAP version 1")
	if not os.path.isfile(os.path.join(ksrc, "scripts", "coccicheck")):
		print("1..0 # SKIP no kernel tree with scripts/coccicheck at %s" % ksrc)
		return 0
	tmp = tempfile.mkdtemp(prefix="modparm-coccicheck.")
	try:
		for arg in argv[1:]:
			name, src = arg.split("=", 1)
			if not os.path.exists(src):
				K.skip(name, "%s is not there" % src)
				continue
			one(ksrc, name, os.path.abspath(src), tmp)
	finally:
		if not os.environ.get("KEEP"):
			shutil.rmtree(tmp, ignore_errors=True)
	return K.finish()


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
