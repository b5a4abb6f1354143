# SPDX-License-Identifier: GPL-2.0-only
"""One patch per converted file, written by git itself: a scratch
repository gets the original files as its first commit and one commit per
converted file (git fast-import, a single process however many files),
and git format-patch writes the series.  Author, dates and abbreviation
are fixed, so the same conversion gives the same bytes."""

import os
import re
import shutil
import subprocess
import tempfile

DATE = "0 +0000"


class GitError(Exception):
	pass


def git_env(home):
	"""An environment where no configuration of the user or the system
	changes what git writes."""
	env = dict(os.environ)
	for k in list(env):
		if k.startswith("GIT_"):
			del env[k]
	env.update({"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
		    "HOME": home, "LC_ALL": "C", "TZ": "UTC"})
	return env


def git(repo, env, *args, **kw):
	p = subprocess.run(["git", "-C", repo, "-c", "core.abbrev=12"] + list(args),
			   env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
	if p.returncode != 0:
		raise GitError("git %s: %s" % (args[0], p.stderr.decode(errors="replace").strip()))
	return p.stdout


def fi_path(rel):
	"""A path as git fast-import reads it: C-quoted when it must be."""
	b = os.fsencode(rel)
	if not re.search(rb'[\x00-\x1f"\\\x7f]', b) and not b.startswith(b'"'):
		return b
	out = b'"'
	for c in b:
		ch = bytes([c])
		if ch in (b'"', b'\\'):
			out += b'\\' + ch
		elif ch == b'\n':
			out += b'\\n'
		elif c < 0x20 or c == 0x7f:
			out += b'\\%03o' % c
		else:
			out += ch
	return out + b'"'


def fi_data(b):
	return b"data %d\n" % len(b) + b + b"\n"


def write_series(scratch, outdir, author, changes, signature="modparm-convert"):
	"""changes: [(rel, old bytes, new bytes, message)], in series order;
	a file may have several, each old being the previous one's new.
	Writes the patches into outdir; returns their file names."""
	if not changes:
		return []
	env = git_env(scratch)
	repo = os.path.join(scratch, "repo")
	git(scratch, env, "init", "-q", "--bare", repo)
	who = author.encode() + b" " + DATE.encode()
	stream = [b"commit refs/heads/convert\n", b"author " + who + b"\n",
		  b"committer " + who + b"\n", fi_data(b"original files\n")]
	first = {}
	for rel, old, new, msg in changes:
		first.setdefault(rel, old)
	for rel, old in first.items():
		stream.append(b"M 100644 inline " + fi_path(rel) + b"\n" + fi_data(old))
	stream.append(b"\n")
	for rel, old, new, msg in changes:
		stream += [b"commit refs/heads/convert\n", b"author " + who + b"\n",
			   b"committer " + who + b"\n", fi_data(msg.encode()),
			   b"M 100644 inline " + fi_path(rel) + b"\n" + fi_data(new), b"\n"]
	# the objects stay in fast-import's pack: unpacking a small import
	# (its default) costs one more process
	git(repo, env, "-c", "fastimport.unpackLimit=0", "fast-import", "--quiet",
	    input=b"".join(stream))
	os.makedirs(outdir, exist_ok=True)
	# git -C: a relative -o would name a directory inside the repository
	names = git(repo, env, "format-patch", "--zero-commit", "--no-renames",
		    "--signature=" + signature,
		    "-o", os.path.abspath(outdir), "convert~%d..convert" % len(changes))
	return [os.path.basename(n) for n in os.fsdecode(names).split("\n") if n]


def out_refused(out):
	"""Why OUT cannot be written (its parent is not a directory), or None."""
	parent = os.path.dirname(out) or "."
	if os.path.exists(parent) and not os.path.isdir(parent):
		return "%s: cannot create the output directory" % parent
	return None


def replace_dir(stage, out):
	"""Put the finished directory stage at out: whole, and an old out
	is moved aside first and removed only once stage is in place, so a
	reader sees the old or the new results, never a mix."""
	if os.path.exists(out):
		aside = tempfile.mkdtemp(prefix=".out-old.", dir=os.path.dirname(out) or ".")
		os.rename(out, os.path.join(aside, "out"))
		os.rename(stage, out)
		shutil.rmtree(aside)
	else:
		os.rename(stage, out)
