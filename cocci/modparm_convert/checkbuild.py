# SPDX-License-Identifier: GPL-2.0-only
"""--check-build: the converted parameters of each file compiled as a
small module against a built kernel, so that the kernel's own parameter
type checks (param_check_*, __param_check, VERIFY_OCTAL_PERMISSIONS)
judge every conversion.  A file's module holds only the declarations of
its converted variables and their new module_param* lines: a failure is
the conversion's, not the rest of an old driver's, which no longer
builds anyway."""

import os
import re
import shutil
import signal
import subprocess

from .progress import Progress
from .sites import declares_param
from .slices import slice_module

KIND = "check-build"
# a gcc diagnostic: file:line[:col]: severity: message
GCC_RE = re.compile(r'^(.*?):(\d+):(?:(\d+):)? (fatal error|error|warning|note): (.*)$')
CC_RE = re.compile(r'^\s+CC \[M\]\s+(\S+)\.o$')
# -Werror judges the conversion, but a module also copies the file's own
# #if lines (a parameter slice: which branch of a compat block 6.1
# takes), and their warnings are about the rest of the file, not about
# what changed: a decompressor shared with BSD tests #if !(__FreeBSD__)
# (-Wundef), old code writes #endif MODULE (-Wendif-labels).
KCFLAGS = "KCFLAGS=-Werror -Wno-error=undef -Wno-error=endif-labels " \
	"-Wno-error=expansion-to-defined"


class KdirError(Exception):
	"""KDIR is not a built kernel: a usage error (exit 2)."""


def kernel_dir(kdir):
	"""(tree, O= directory or None) of the built kernel kdir: a kbuild
	output directory (its 'source' link names the tree) or a tree built
	in place.  Modules build against it only when it was configured with
	CONFIG_MODULES and built (Module.symvers, modpost)."""
	k = os.path.abspath(kdir)
	if not os.path.isdir(k):
		raise KdirError("--check-build %s: no such directory" % kdir)
	src = os.path.join(k, "source")
	src = os.path.realpath(src) if os.path.isdir(src) else k
	need = [".config", "Module.symvers", "include/generated/autoconf.h",
		"scripts/mod/modpost"]
	missing = [n for n in need if not os.path.isfile(os.path.join(k, n))]
	if not os.path.isfile(os.path.join(src, "Makefile")) or \
			not os.path.isdir(os.path.join(src, "scripts")):
		missing.append("source (link to the kernel tree)")
	common = re.match(r'linux-headers-(.+)-common$', os.path.basename(k))
	if missing and common:
		# Debian's headers of one kernel are split: -common holds what
		# every flavour shares, the flavour's package (-amd64) the
		# configuration and kbuild, and links to -common
		up = os.path.dirname(k)
		flavours = sorted(d for d in os.listdir(up) if d.startswith(
			"linux-headers-%s-" % common.group(1)) and d != os.path.basename(k))
		raise KdirError("--check-build %s: Debian's headers common to every flavour, "
				"not a kernel to build against: name the flavour's, %s" % (
					kdir, " or ".join(os.path.join(up, d) for d in flavours) if flavours
					else "/usr/src/linux-headers-%s-amd64 (install "
					"linux-headers-%s-amd64)" % (common.group(1), common.group(1))))
	if missing:
		raise KdirError("--check-build %s: not a built kernel (no %s): build it "
				"first, or name its kbuild output directory (O=), such as "
				"build/kbuild" % (kdir, ", ".join(missing)))
	with open(os.path.join(k, ".config"), errors="replace") as f:
		if not re.search(r'^CONFIG_MODULES=y$', f.read(), re.M):
			raise KdirError("--check-build %s: kernel configured without "
					"CONFIG_MODULES: no module builds against it" % kdir)
	if not shutil.which("make"):
		raise KdirError("make not found; install make (--check-build runs kbuild)")
	return src, (k if src != k else None)


class Site:
	"""One converted MODULE_PARM: its file (rel, and as the diagnostics
	show it), its line in the old text, the parameter name, the form and
	what spatch said of the declaration (None when it said nothing)."""

	def __init__(self, rel, shown, line, name, form, decl):
		self.rel, self.shown, self.line = rel, shown, line
		self.name, self.form, self.decl = name, form, decl
		self.errors = []	# why the check failed: gcc's error lines, ours
		self.gcc = False	# an error of gcc named this site
		self.decl_text = None	# the declaration the module has for it


def statement_end(lines, i):
	"""Index of the line that ends the statement starting on line i:
	its ';' outside parentheses."""
	depth = 0
	for j in range(i, len(lines)):
		for c in re.sub(r'"(?:[^"\\]|\\.)*"', '""', lines[j]):
			depth += (c == "(") - (c == ")")
			if c == ";" and depth <= 0:
				return j
	return len(lines) - 1


def cut_open_comment(chunk):
	"""The copied statement without a comment that starts on its last
	line and goes on below it (spatch moves a declaration's trailing
	comment onto the line it adds): the module needs the code only."""
	last = chunk[-1]
	k = last.rfind("/*")
	if k >= 0 and "*/" not in last[k:]:
		return chunk[:-1] + [last[:k].rstrip()]
	return chunk


def param_lines(lines, name, form):
	"""(first index, count) of the converted lines of parameter name: its
	module_param* statement; for a generated setter (form cb) the block
	above it from 'static unsigned int modparm_num_' (a multi-dimensional
	array's, form flat, from 'static struct kparam_array') and the
	__MODULE_PARM_TYPE line after it.  Only the first statement: a
	variable declared in several #if branches gets the same line in each,
	and two of them in one module would define the parameter twice.
	None when the converted text has no such statement."""
	at = [i for i, l in enumerate(lines) if declares_param(l, name)]
	if not at:
		return None
	i = at[0]
	end = statement_end(lines, i)
	if form in ("cb", "flat"):
		start = i
		for k in range(i - 1, max(i - 80, -1), -1):
			if lines[k].startswith("static unsigned int modparm_num_" if form == "cb"
					       else "static struct kparam_array __param_arr_"):
				start = k
				break
		if end + 1 < len(lines) and re.match(r'__MODULE_PARM_TYPE\(\s*%s\s*,'
						     % re.escape(name), lines[end + 1]):
			end += 1
		i = start
	return i, end - i + 1


def c_type(decl, newtext):
	"""The C type the module declares for a site: the declared type with
	its const and volatile, a typedef of the file replaced by what it
	names (the module has only the kernel headers), and a const that
	modparm_const.cocci dropped from the converted text dropped."""
	t = decl.get("qtype") or decl["type"]
	if decl.get("rtype"):
		t = re.sub(r'\b%s\b' % re.escape(decl["type"]), decl["rtype"], t)
	# a declaration at file scope starts its line; an indented one is
	# a struct member or a local of the same name
	if re.match(r'const\b', t) and not re.search(
			r'^(?:static\s+)?const\b[^;={}()]*\b%s\s*[\[=;,]' % re.escape(decl["decl"]),
			newtext, re.M):
		t = t[len("const "):].lstrip()
	return t


def declaration(decl, newtext):
	"""'static TYPE NAME[DIMS];' and a C comment for the dimensions that
	did not evaluate.  Those become 1: the type checks look at the element
	type, module_param_array and the setter take ARRAY_SIZE() and
	module_param_string sizeof(), so any positive size checks the same,
	and the macro they name may live in a header the module lacks."""
	dims = decl.get("dims") or []
	text = "".join("[%d]" % d if isinstance(d, int) else "[1]" for d in dims)
	odd = [d for d in dims if not isinstance(d, int)]
	note = "\t/* %s: size not evaluated, 1 checks the same */" % ", ".join(
		"[%s]" % d for d in odd) if odd else ""
	return ("static %s %s%s%s;" % (c_type(decl, newtext), decl["decl"], text,
				       section(decl))).replace("* ", "*") + note


# the section annotations of 2.x that 6.1 still defines; the others
# (__devinitdata, __cpuinitdata) are gone, and the check builds the
# parameter, not them
SECTIONS = ("__initdata", "__initconst", "__exitdata", "__meminitdata",
	    "__initdata_or_module")


def section(decl):
	"""' __initdata' when the variable is declared in an init or exit
	section 6.1 has: modpost then judges the references to it (a struct
	kparam_array in .data may point at .init.data only from a __param*
	symbol)."""
	s = decl.get("sect")
	return " " + s if s in SECTIONS else ""


def quote(path):
	return '"%s"' % path.replace("\\", "\\\\").replace('"', '\\"')


def module_source(name, sites, newtext):
	"""The module of one converted file (text newtext, its sites sites)
	as (C text, spans).  Each copied statement is preceded by a #line
	directive naming the converted file and the statement's line there,
	so gcc's own messages point into the converted file; spans maps
	(file name as gcc prints it, first line, last line) to the sites
	whose code that is: the converted lines of a site, and in the module
	itself (name) the declaration a site uses."""
	if any(s.form == "call" or (getattr(s, "compat", False) and s.decl is None)
	       for s in sites):
		# (a compat block's site, of which spatch read no declaration:
		# the slice has the file's own, and its #if lines)
		return call_module(name, sites, newtext)
	lines = newtext.split("\n")
	out = ["// modparm-convert --check-build: the converted parameters of %s"
	       % sites[0].shown, "#include <linux/module.h>", "#include <linux/moduleparam.h>", ""]
	spans = []
	decls = {}	# declaration -> its span: sites may share a variable
	for s in sites:
		if s.decl is None:
			continue
		d = declaration(s.decl, newtext)
		if d not in decls:
			out.append(d)
			decls[d] = (name, len(out), len(out), [])
			spans.append(decls[d])
		decls[d][3].append(s)
		s.decl_text = d.split("\t")[0]
	copied = {}	# first line -> its span: two sites of one parameter
	for s in sites:
		if s.decl is None:
			continue
		at = param_lines(lines, s.name, s.form)
		if at is None:
			s.errors.append("no module_param line for '%s' in the converted text" % s.name)
			continue
		first, n = at
		if first in copied:
			copied[first][3].append(s)
			continue
		out += ["", "#line %d %s" % (first + 1, quote(s.shown))] + \
			cut_open_comment(lines[first:first + n])
		copied[first] = (s.shown, first + 1, first + n, [s])
		spans.append(copied[first])
		out.append("#line %d %s" % (len(out) + 2, quote(name)))
	out += ["", 'MODULE_LICENSE("GPL");', ""]
	return "\n".join(out), spans


def call_module(name, sites, newtext):
	"""The module of a converted file with a module_param_call to the
	driver's own __setup parser (form call): the setter calls the parser,
	which uses the driver's other variables, so the module is the file's
	parameter slice (slices.py: the parameter statements and what they
	need, with #line directives).  Any error in it is every site's."""
	sl = slice_module(newtext, sites[0].shown)
	ss = [s for s in sites if s.decl is not None or getattr(s, "compat", False)]
	for s in ss:
		s.decl_text = "the parameter slice of %s" % s.shown
	if sl is None:
		for s in ss:
			s.errors.append("no module_param line in the converted text")
		return "", []
	# a compat block's site owns the errors of its own module_param*
	# line; the rest of the slice is every site's
	lines = newtext.split("\n")
	own = []
	for s in ss:
		at = param_lines(lines, s.name, s.form) if getattr(s, "compat", False) else None
		if at:
			own.append((s.shown, at[0] + 1, at[0] + at[1], [s]))
	return sl[0], own + [(sites[0].shown, 1, 1 << 30, ss), (name, 1, 1 << 30, ss)]


def diagnostics(log):
	"""gcc's diagnostics in a build log, grouped: [(object, [(file,
	line, severity, line of the log, message)])], each group an error or warning with the
	notes after it; object is the module being compiled then (kbuild's
	'CC [M]' line, output kept together with make --output-sync)."""
	groups = []
	obj = None
	for line in log.split("\n"):
		m = CC_RE.match(line)
		if m:
			obj = os.path.basename(m.group(1)) + ".o"
			continue
		m = GCC_RE.match(line)
		if not m:
			continue
		entry = (m.group(1), int(m.group(2)), m.group(4), line, m.group(5))
		if m.group(4) == "note" and groups:
			groups[-1][1].append(entry)
		elif m.group(4) != "note":
			groups.append((obj, [entry]))
	return groups


def attribute(groups, modules):
	"""Give each error group of the log to the sites whose span it names
	(the error itself, or a note of it: an error in a kernel macro names
	its expansion in a note) with gcc's message; return {module: first
	error line} of the errors that named no site."""
	loose = {}
	for obj, entries in groups:
		if entries[0][2] not in ("error", "fatal error"):
			continue
		spans = modules.get(obj, (None, []))[1]
		hit = [(e, sp) for e in entries for sp in spans
		       if (e[0] == sp[0] or os.path.basename(e[0]) == sp[0]) and sp[1] <= e[1] <= sp[2]]
		if not hit:
			if obj is not None:
				loose.setdefault(obj, entries[0][3].strip())
			continue
		(f, ln, _, _, _), (sf, a, b, ss) = hit[0]
		for s in ss:
			if sf != s.shown:
				where = "in the declaration made from its type, %s" % s.decl_text
			elif ln != s.line:
				where = "at line %d of the converted file" % ln
			else:
				where = None
			s.errors.append(entries[0][4] + (" (%s)" % where if where else ""))
			s.gcc = True
	return loose


def run_make(cmd, log, total):
	"""Run kbuild, output to log, progress from its CC lines; the return
	code.  Its own process group: an interrupt stops the whole build."""
	show = Progress(total)
	with open(log, "wb") as f:
		# not the settings of a make that runs the converter; gcc in
		# English and ASCII, as the log is parsed (the kernel Makefile
		# unexports LC_ALL: the categories themselves)
		env = {k: v for k, v in os.environ.items() if k not in (
			"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "LANGUAGE", "LC_ALL")}
		env.update(LANG="C", LC_MESSAGES="C", LC_CTYPE="C")
		p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, env=env,
				     start_new_session=True)
		try:
			while True:
				try:
					return p.wait(0.5)
				except subprocess.TimeoutExpired:
					with open(log, "rb") as g:
						n = sum(1 for l in g if CC_RE.match(l.decode(errors="replace")))
					show.say("check-build: %d/%d modules compiled" % (n, total))
		finally:
			if p.poll() is None:
				os.killpg(p.pid, signal.SIGTERM)
				p.wait()
			show.done()


def check(tree, kdir, files, scratch, jobs, extra=None):
	"""Build one module per converted file (files: [(rel, new text,
	[Site])]) in scratch, and the modules extra ({name: C text}, judged
	by the caller from the objects and scratch/build.log) in the same
	kbuild run; returns every site of files, each with its errors."""
	src, obj = tree, kdir
	os.makedirs(scratch)
	modules = {}
	kbuild = []
	allsites = []
	for n, (rel, newtext, sites) in enumerate(files):
		allsites += sites
		for s in sites:
			if s.decl is None and not getattr(s, "compat", False):
				s.errors.append("spatch gave no declaration for this site: not built")
		if not [s for s in sites if s.decl is not None or getattr(s, "compat", False)]:
			continue
		name = "modparm_check_%d" % n
		text, spans = module_source(name + ".c", sites, newtext)
		with open(os.path.join(scratch, name + ".c"), "w", errors="surrogateescape") as f:
			f.write(text)
		modules[name + ".o"] = (sites, spans)
		kbuild.append("obj-m += %s.o\n" % name)
	for name, text in sorted((extra or {}).items()):
		with open(os.path.join(scratch, name + ".c"), "w", errors="surrogateescape") as f:
			f.write(text)
		kbuild.append("obj-m += %s.o\n" % name)
	if not kbuild:
		return allsites
	with open(os.path.join(scratch, "Kbuild"), "w") as f:
		f.write("".join(kbuild))
	cmd = ["make", "-C", src] + (["O=" + obj] if obj else []) + [
		"M=" + scratch, KCFLAGS, "-k", "-j%d" % jobs,
		"--output-sync=target", "modules"]
	log = os.path.join(scratch, "build.log")
	run_make(cmd, log, len(kbuild))
	with open(log, "rb") as f:
		text = f.read().decode("utf-8", "replace")
	loose = attribute(diagnostics(text), modules)
	mismatches(text, modules)
	for o, (sites, spans) in modules.items():
		# the object, not the .ko: one module that fails stops modpost,
		# and so the .ko, of all the others; the type checks are gcc's
		if os.path.exists(os.path.join(scratch, o)):
			compiled_params(os.path.join(scratch, o), sites)
			continue
		if [s for s in sites if s.gcc]:
			continue
		# no error named a site (a fatal error, modpost): the whole
		# module failed, so none of its sites is proven
		why = loose.get(o) or first_error(text, o) or "the module did not build"
		for s in sites:
			s.errors.append(why)
	return allsites


def compiled_params(obj, sites):
	"""A compat block's site is proven only when the branch 6.1 takes
	defines its parameter: module_param*() defines __param_NAME, which
	the object must have."""
	compat = [s for s in sites if getattr(s, "compat", False) and not s.errors]
	if not compat:
		return
	p = subprocess.run(["nm", obj], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
	have = set(l.split()[-1] for l in p.stdout.decode(errors="replace").split("\n") if l.strip())
	for s in compat:
		if "__param_" + s.name not in have:
			s.errors.append("no module_param* of '%s' in the branch a 6.1 build takes" % s.name)


MISMATCH_RE = re.compile(r'^WARNING: modpost: (?:.*/)?([^/\s]+\.o): (section mismatch in '
			 r'reference: (\S+) \(section: \S+\) -> (\S+) \(section: \S+\))')


def mismatches(text, modules):
	"""modpost's section mismatches (an error with the kernel's default
	CONFIG_SECTION_MISMATCH_WARN_ONLY=n, stopping every module's .ko,
	so not seen from the objects): each is an error of the sites of its
	module whose variable it names, or of all of them."""
	for line in text.split("\n"):
		m = MISMATCH_RE.match(line)
		if not m or m.group(1) not in modules:
			continue
		sites = modules[m.group(1)][0]
		named = [s for s in sites if s.name in (m.group(3), m.group(4)) or
			 (s.decl and s.decl.get("decl") in (m.group(3), m.group(4)))]
		for s in named or sites:
			s.errors.append("modpost: " + m.group(2))


def first_error(text, obj):
	"""The first line of the log that says error and names the module."""
	stem = obj[:-2]
	for line in text.split("\n"):
		if stem in line and re.search(r'\berror\b|ERROR', line):
			return line.strip()
	return None
