# SPDX-License-Identifier: GPL-2.0-only
"""Patch stage: the package's texts through the dead-branch removal and
then through each migration of the changes table (its semantic patch,
run by spatch in patch mode over a scratch copy), one step after the
other.  Each step that changes a file is one change of the series:
(file, text before the step, text after it, message)."""

import os
import shutil
import subprocess
from dataclasses import dataclass, field

from . import deadcode
from .changes import CHANGES
from .find import read_text


class MigrationError(Exception):
	pass


@dataclass(frozen=True)
class Migration:
	change: str		# id in the changes table
	cocci: str		# absolute path of the semantic patch
	what: str


@dataclass
class Step:
	rel: str
	old: str
	new: str
	message: str


@dataclass
class PatchResult:
	texts: dict				# rel -> final text
	steps: list = field(default_factory=list)	# Step, in series order
	dead_groups: int = 0
	dead_removed: int = 0
	undecided: list = field(default_factory=list)	# "file:line: condition"


def migrations(cocci_dir):
	out = []
	for c in CHANGES:
		for name in c.cocci:
			p = os.path.normpath(os.path.join(cocci_dir, name))
			if not os.path.isfile(p):
				raise MigrationError("%s: semantic patch of change %s not found" % (p, c.id))
			out.append(Migration(c.id, p, c.what))
	return out


def version_name(code):
	return "%d.%d.%d" % (code >> 16, (code >> 8) & 0xff, code & 0xff)


def options(cocci):
	"""The spatch options a semantic patch asks for on its "// Options:"
	line (as coccicheck reads them), less those this stage sets itself;
	a --macro-file is named relative to the semantic patch."""
	with open(cocci) as f:
		for ln in f:
			if ln.startswith("// Options:"):
				words = ln.split(":", 1)[1].split()
				out, i = [], 0
				while i < len(words):
					w = words[i]
					if w == "--macro-file" and i + 1 < len(words):
						out += [w, os.path.join(os.path.dirname(cocci), words[i + 1])]
						i += 2
						continue
					if w not in ("--include-headers", "--no-includes"):
						out.append(w)
					i += 1
				return out
	return []


def run_spatch(cfg, mig, tree, rels):
	here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
	env = dict(os.environ, PYTHONPATH=here + os.pathsep + os.environ.get("PYTHONPATH", ""))
	cmd = [cfg.spatch, "--sp-file", mig.cocci] + options(mig.cocci) + [
	       "-D", "patch", "--in-place", "--very-quiet",
	       "--include-headers", "--no-includes", "--timeout", "120",
	       "--jobs", str(cfg.jobs)] + [os.path.join(tree, r) for r in rels]
	p = subprocess.run(cmd, cwd=tree, env=env, stdout=subprocess.PIPE,
			   stderr=subprocess.PIPE, check=False)
	if p.returncode != 0:
		raise MigrationError("%s: spatch failed (exit %d): %s" % (
			os.path.basename(mig.cocci), p.returncode,
			p.stderr.decode("utf-8", "replace").strip()[-2000:]))


def patch(cfg, pkg, code, scratch, progress=None):
	"""Every step over the package's C files and headers; scratch is a
	directory of this stage's own."""
	rels = pkg.c_files + pkg.headers
	texts = {r: read_text(os.path.join(pkg.root, r)) for r in rels}
	res = PatchResult(dict(texts))
	# dead compat branches first: a migration never edits code the
	# target kernel does not compile
	for r in rels:
		d = deadcode.remove_dead(res.texts[r], code)
		if d.text != res.texts[r]:
			res.steps.append(Step(r, res.texts[r], d.text,
					      "%s: remove compat branches Linux %s does not compile\n\n"
					      "%d #if group(s) on LINUX_VERSION_CODE resolved for %s, %d "
					      "branch(es) removed.\n" % (r, version_name(code), d.groups,
									 version_name(code), d.removed)))
			res.texts[r] = d.text
			res.dead_groups += d.groups
			res.dead_removed += d.removed
		res.undecided += ["%s:%d: #if %s: not decided (names more than the kernel version)"
				  % (r, ln, cond) for ln, cond in d.undecided]
	tree = os.path.join(scratch, "tree")
	os.makedirs(tree)
	for r in rels:
		os.makedirs(os.path.dirname(os.path.join(tree, r)), exist_ok=True)
	for mig in migrations(cfg.cocci_dir):
		if progress:
			progress("migration %s (%s)" % (mig.change, os.path.basename(mig.cocci)))
		for r in rels:
			with open(os.path.join(tree, r), "w", encoding="utf-8", errors="surrogateescape") as f:
				f.write(res.texts[r])
		run_spatch(cfg, mig, tree, rels)
		for r in rels:
			new = read_text(os.path.join(tree, r))
			if new != res.texts[r]:
				res.steps.append(Step(r, res.texts[r], new,
						      "%s: %s\n\n%s (change %s, semantic patch %s).\n"
						      % (r, mig.what.split(":")[0], mig.what, mig.change,
							 os.path.basename(mig.cocci))))
				res.texts[r] = new
	shutil.rmtree(tree, ignore_errors=True)
	return res
