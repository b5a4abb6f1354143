# SPDX-License-Identifier: GPL-2.0-only
"""The uses of wrapper macros (macros.py) for --check-build and
--check-load.  A use's parameters are built and loaded as the converted
driver has them: the use itself, copied from its file, and the rewritten
#define it expands (from its file or from the driver's header that holds
it), with what they need (slices.py).  Each parameter of a use is a
site at the file and line of the use.  A use in an #if branch that a 6.1
build does not take is not compiled, as in the real driver: check-build
names it in a line of its own, check-load does not count it (as the
other half of a compat block)."""

import difflib
import os
import re

from . import checkbuild, macros, sites
from .checkload import kernel_has, make_module, read_marks

KIND = checkbuild.KIND


class MacroUse:
	"""The converted uses on lines first..last of the converted text
	(uses that share a line are one piece of code): their parameters
	[(name, macro, [arguments], module_param* text, [its texts in the
	definitions the use may expand], line of the use in the file as it
	was, the macro's name)]."""

	def __init__(self, first, last, params):
		self.first, self.last, self.params = first, last, params


class UseFile:
	"""A file with converted uses: its texts, its uses, the headers that
	hold the macros they expand ([(converted text, shown)]), and the
	file as its uses expand (the declarations the macros write, for the
	defaults)."""

	def __init__(self, rel, shown, old, new, uses, headers, expanded):
		self.rel, self.shown, self.old, self.new = rel, shown, old, new
		self.uses, self.headers, self.expanded = uses, headers, expanded

	def slice_uses(self):
		"""slices.slice_module's uses argument."""
		return {u.first: (u.last, [(p[0], p[1]) for p in u.params]) for u in self.uses}

	def param(self, cline, name, macro):
		"""The parameter name (macro) of the uses at line cline, or None."""
		u = next((u for u in self.uses if u.first == cline), None)
		return next((p for p in u.params if p[0] == name and p[1] == macro), None) \
			if u else None



def old_to_new(old, new):
	"""{line of old: line of new} (1-based) of the lines the conversion
	kept."""
	sm = difflib.SequenceMatcher(None, old.split("\n"), new.split("\n"), autojunk=False)
	out = {}
	for i, j, n in sm.get_matching_blocks():
		for k in range(n):
			out[i + k + 1] = j + k + 1
	return out


def converted(mac, u):
	"""Whether the use u of a wrapper is counted converted (as
	macros.Macros.account counts it)."""
	if u.problem or not u.status:
		return False
	if any(d.new is None for d in mac.defs_of(u)):
		return False
	return all(st[0] == "converted" for st in u.status)


def expanded_uses(mac):
	"""[(use, [parameter names])] of the uses counted converted although
	a #define they expand was not rewritten: each was replaced by its
	own converted lines (its wrapper's uses need different ones).  They
	are no use of a wrapper any more: expanded_sites builds them as
	direct sites, use_files does not."""
	if mac is None or isinstance(mac, macros.Failed):
		return []
	out = []
	for u in mac.uses:
		if u.problem or not u.status or converted(mac, u):
			continue
		if any(st[0] != "converted" for st in u.status):
			continue
		if not mac.blockers(u):
			out.append((u, [call_params(st[2])[0] for st in u.status]))
	return out


def expanded_sites(mac, results, first, show, shown):
	"""{rel: [checkbuild.Site]} of the uses replaced by their own
	converted lines (expanded_uses): each parameter a site at the use's
	file and line, of the form and declaration spatch decided for it in
	the expansion (results: {index: FileResult} of the spatch run, the
	copies of mac.synth from index first), built as the converted file
	has it, like a direct site."""
	out = {}
	for u, names in expanded_uses(mac):
		n = next((n for n, (_, v, _, uses) in enumerate(mac.synth) if v == 0 and u in uses),
			 None)
		r = results.get(first + n) if n is not None else None
		decided = r.decided() if r is not None else []
		for (col, _, _, _), name in zip(u.marks.get(0, []), names):
			x = next((x for x in decided if x[0] == u.sline and x[1] == col), None)
			s = checkbuild.Site(u.rel, shown(show, u.rel), u.line, name,
					    x[3] if x else "param", x[5] if x else None)
			s.through = u.name
			s.expanded = True
			out.setdefault(u.rel, []).append(s)
	return out


def def_files(mac, u):
	"""The files of the #defines a use expands, through the wrappers it
	uses in turn."""
	seen, todo, files = set(), list(u.defs) + mac.defs_of(u), set()
	while todo:
		d = todo.pop()
		if id(d) in seen:
			continue
		seen.add(id(d))
		files.add(d.rel)
		for name in set(re.findall(r'[A-Za-z_]\w*', d.body)) & set(mac.byname):
			todo += [e for e in mac.visible(u.rel, u.line, name)[0]
				 if e.kind in ("wrapper", "outer")]
	return files


def split_statements(line):
	"""An expansion's line cut after each ';' outside brackets, so that
	each declaration a macro writes starts a line of its own."""
	pieces = sites.split_top(line, ";")
	# every piece but the last ended at a ';'; the last is what follows
	out = [p + ";" for p in pieces[:-1]]
	if pieces[-1]:
		out.append(pieces[-1])
	return "\n".join(out)


def variants(mac, u, i):
	"""The module_param* texts of the i-th parameter of use u, one per
	definition it may expand (a wrapper defined twice under #if, each
	converted with its own type); which one 6.1 compiles is for the
	compiler to say."""
	out = []
	for v in sorted(u.marks):
		if i >= len(u.marks[v]):
			continue
		_, d, k, var = u.marks[v][i]
		orig = mac.call_arg(d, k)
		if d.new is None or k not in d.new or orig is None:
			continue
		text = re.sub(r'\b%s\b' % re.escape(orig), lambda m, var=var: var, d.new[k])
		if text not in out:
			out.append(text)
	return out


def call_params(call):
	"""(name, macro, arguments) of a module_param* text."""
	m = re.match(r'\s*(\w+)\s*\(', call)
	e = macros.balanced(call, m.end() - 1)
	args = sites.split_args(call[m.end():e - 1])
	name = args[0].strip() if args else ""
	return name, m.group(1), [a.strip() for a in args]


def use_files(mac, newtext, show, shown):
	"""The files with converted uses of wrappers and shims: [UseFile]."""
	if mac is None or isinstance(mac, macros.Failed):
		return []
	byrel = {}
	for u in mac.uses:
		if converted(mac, u):
			ps = []
			for i, st in enumerate(u.status):
				name, macro, args = call_params(st[2])
				ps.append((name, macro, args, st[2], variants(mac, u, i)))
			byrel.setdefault(u.rel, []).append((u, ps))
	for u, shims in getattr(mac, "shim_uses", []):
		# a dead shim removed: the use is the module_param* call it names
		if all(e.removed for e in shims) and u.args:
			args = [a.strip() for a in u.args]
			byrel.setdefault(u.rel, []).append((u, [(args[0], u.name, args, None, [])]))
	out = []
	for rel in sorted(byrel):
		old = mac.read(rel)
		new = newtext.get(rel, old).replace("\r\n", "\n")
		where = old_to_new(old, new)
		expanded = next((t for r, v, t, _ in mac.synth if r == rel and v == 0), old)
		elines = expanded.split("\n")
		uses, files = [], set()
		for u, ps in sorted(byrel[rel], key=lambda x: x[0].start):
			last = old.count("\n", 0, u.end) + 1
			if u.line not in where or last not in where:
				# macros.py changes no line of a use: a converter's bug
				raise RuntimeError("%s:%d: the use of %s is not in the converted text"
						   % (rel, u.line, u.name))
			ps = [p + (u.line, u.name) for p in ps]
			if uses and where[u.line] <= uses[-1].last:
				uses[-1].last = max(uses[-1].last, where[last])
				uses[-1].params += ps
			else:
				uses.append(MacroUse(where[u.line], where[last], ps))
			if u.sline - 1 < len(elines) and ps[0][3] is not None:
				elines[u.sline - 1] = split_statements(elines[u.sline - 1])
			if ps[0][3] is not None:
				files |= def_files(mac, u)
		hdrs = [(newtext.get(h, mac.read(h)).replace("\r\n", "\n"), shown(show, h))
			for h in sorted(files - {rel})]
		# the declarations the uses write first: a header's struct
		# member of the same name is none of them
		exp = "\n".join(["\n".join(elines)] + [h[0] for h in hdrs])
		out.append(UseFile(rel, shown(show, rel), old, new, uses, hdrs, exp))
	return out


def build_modules(o, files, first):
	"""The check-build modules of the uses of files (numbered from
	first): {module name: (UseFile, Module, C text, [Site])}."""
	out = {}
	for n, f in enumerate(files):
		m, text = make_module(first + n, f.rel, f.shown, f.old, f.new, kernel_has(o),
				      uf=f, only_uses=True)
		if m is None:
			continue
		name = "modparm_macro_%d" % (first + n)
		m.name = name
		ss = []
		for p in m.params:
			s = checkbuild.Site(f.rel, f.shown, p.line, p.name, "macro", None)
			s.through, s.k, s.use = p.through, p.k, p.cline
			ss.append(s)
		out[name] = (f, m, text, ss)
	return out


def judge_build(mods, scratch, log):
	"""Each site of the modules mods gets gcc's errors: those of the
	lines of its use, or when no use is named, the module's first
	error.  A site whose use the module did not compile (an #if branch
	6.1 does not take) is marked skipped."""
	groups = checkbuild.diagnostics(log)
	for name, (f, m, text, ss) in mods.items():
		obj = os.path.join(scratch, name + ".o")
		if os.path.exists(obj):
			marks = read_marks(obj)
			for s in ss:
				s.skipped = s.k not in marks
			continue
		loose = None
		for g_obj, entries in groups:
			if g_obj != name + ".o" or entries[0][2] not in ("error", "fatal error"):
				continue
			hit = None
			for e in entries:
				if e[0] == f.shown or os.path.basename(e[0]) == os.path.basename(f.shown):
					u = next((u for u in f.uses if u.first <= e[1] <= u.last), None)
					if u is not None:
						hit = u
						break
			if hit is None:
				loose = loose or entries[0][3].strip()
				continue
			for s in ss:
				if s.use == hit.first:
					s.errors.append(entries[0][4])
					s.gcc = True
		if any(s.gcc for s in ss):
			continue	# the errors named their uses; the others build
		# no error named a use (a fatal error, modpost): none is proven
		for s in ss:
			s.errors.append(loose or checkbuild.first_error(log, name + ".o")
					or "the module did not build")


def summary(skipped):
	"""The check-build line of the uses not compiled."""
	if not skipped:
		return []
	return ["modparm-convert: check-build: %d site%s (uses of wrapper macros) in an #if "
		"branch a 6.1 build does not take: not built"
		% (len(skipped), "" if len(skipped) == 1 else "s")]
