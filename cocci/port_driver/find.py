# SPDX-License-Identifier: GPL-2.0-only
"""Find stage: what a package is made of.  Its C files, its headers, the
kbuild file that builds it (a Kbuild, or a Makefile with an obj-m line)
and the include directories its Makefile would give the compiler."""

import os
import re
from dataclasses import dataclass, field

OBJ_M = re.compile(r'^\s*obj-(m|\$\(\w+\))\s*[:+]?=', re.M)
MAIN = re.compile(r'^\s*(int|void)\s+main\s*\(', re.M)
SKIP_DIRS = {".git", ".svn", "CVS", "debian"}


class InputError(Exception):
	pass


@dataclass
class Package:
	root: str				# absolute
	c_files: list				# relative paths, sorted
	headers: list				# relative paths, sorted
	host_programs: list = field(default_factory=list)	# .c with main(): not kernel code
	kbuild: str = ""			# relative path of its own kbuild file, or ""
	include_dirs: list = field(default_factory=list)	# relative: "." and include/ dirs


def read_text(path):
	with open(path, "rb") as f:
		return f.read().decode("utf-8", "surrogateescape")


def find_package(src):
	"""The Package at src (a directory)."""
	root = os.path.abspath(src)
	if not os.path.isdir(root):
		raise InputError("%s: not a directory" % src)
	c_files, headers, hosts, incs = [], [], [], ["."]
	for d, dirs, files in os.walk(root):
		dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith(".port-"))
		rd = os.path.relpath(d, root)
		for n in sorted(files):
			rel = os.path.normpath(os.path.join(rd, n))
			p = os.path.join(d, n)
			if os.path.islink(p) and not os.path.exists(p):
				raise InputError("%s: dangling link" % rel)
			if n.endswith(".c") and not n.endswith(".mod.c"):
				try:
					text = read_text(p)
				except OSError as e:
					raise InputError("%s: %s" % (rel, e.strerror))
				(hosts if MAIN.search(text) else c_files).append(rel)
			elif n.endswith(".h"):
				headers.append(rel)
		for x in dirs:
			if x == "include":
				incs.append(os.path.normpath(os.path.join(rd, x)))
	kbuild = ""
	for name in ("Kbuild", "Makefile", "makefile"):
		p = os.path.join(root, name)
		if os.path.isfile(p) and OBJ_M.search(read_text(p)):
			kbuild = name
			break
	return Package(root, c_files, headers, hosts, kbuild, incs)
