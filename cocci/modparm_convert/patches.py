# SPDX-License-Identifier: GPL-2.0-only
"""One patch per converted file, written by git itself: a scratch
repository gets the original files as its first commit and one commit per
converted file (git fast-import, a single process however many files),
and git format-patch writes the series.  The author is the user's git
identity, as git commit and git format-patch take it (MODPARM_AUTHOR
overrides it); the date is now, or SOURCE_DATE_EPOCH when set (the
reproducible-builds convention), and the abbreviation is fixed, so that
the same conversion with SOURCE_DATE_EPOCH gives the same bytes."""

import os
import re
import subprocess
import time

# the author when the user has no git identity (and no MODPARM_AUTHOR)
FALLBACK = "modparm-convert <modparm-convert@localhost>"
IDENT_RE = re.compile(r'^([^<>\n]*[^<>\s][^<>\n]*?) <([^<>\s]+)>$')


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


class IdentError(Exception):
	pass


def identity(env, cwd):
	"""(author "Name <email>" or None, where it came from): MODPARM_AUTHOR,
	else the identity git itself would record in cwd (git var
	GIT_AUTHOR_IDENT: GIT_AUTHOR_NAME/EMAIL, the repository's, the
	user's and the system's user.name/user.email), None when git has
	none.  A MODPARM_AUTHOR that is not "Name <email>" is an IdentError."""
	if env.get("MODPARM_AUTHOR"):
		a = env["MODPARM_AUTHOR"].strip()
		if not IDENT_RE.match(a):
			raise IdentError("MODPARM_AUTHOR=%s: not of the form 'Name <email>'" % a)
		return a, "MODPARM_AUTHOR"
	try:
		p = subprocess.run(["git", "var", "GIT_AUTHOR_IDENT"], cwd=cwd, env=env,
				   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
	except OSError:
		return None, None
	# "Name <email> 1700000000 +0100": the date is git's, not ours
	m = re.match(r'^(.*>) -?\d+ [-+]\d{4}$', p.stdout.decode(errors="replace").strip())
	if p.returncode != 0 or not m or not IDENT_RE.match(m.group(1)):
		return None, None
	return m.group(1), "git"


def date(env):
	"""The patches' date as git's raw "SECONDS +ZONE": SOURCE_DATE_EPOCH
	(UTC), else now in the local zone, as git commit records it.  A
	SOURCE_DATE_EPOCH that is no number of seconds is an IdentError."""
	sde = env.get("SOURCE_DATE_EPOCH")
	if sde is not None and sde != "":
		if not re.fullmatch(r'[0-9]+', sde):
			raise IdentError("SOURCE_DATE_EPOCH=%s: not a number of seconds since 1970" % sde)
		return "%d +0000" % int(sde)
	now = int(time.time())
	off = time.localtime(now).tm_gmtoff // 60
	return "%d %s%02d%02d" % (now, "-" if off < 0 else "+", abs(off) // 60, abs(off) % 60)


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


def write_series(scratch, outdir, author, changes, when="0 +0000", signoff=False,
		 signature="modparm-convert"):
	"""changes: [(rel, old bytes, new bytes, message)], in series order;
	a file may have several, each old being the previous one's new.
	Writes the patches into outdir, by author ("Name <email>") at when
	(git's raw date), with signoff a Signed-off-by: of the author, as
	git format-patch --signoff adds it; returns their file names."""
	if not changes:
		return []
	env = git_env(scratch)
	repo = os.path.join(scratch, "repo")
	git(scratch, env, "init", "-q", "--bare", repo)
	who = author.encode() + b" " + when.encode()
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
	if signoff:
		# format-patch signs off as the committer
		m = IDENT_RE.match(author)
		env = dict(env, GIT_COMMITTER_NAME=m.group(1), GIT_COMMITTER_EMAIL=m.group(2))
	# git -C: a relative -o would name a directory inside the repository
	names = git(repo, env, "format-patch", "--zero-commit", "--no-renames",
		    "--signature=" + signature, *(["--signoff"] if signoff else []),
		    "-o", os.path.abspath(outdir), "convert~%d..convert" % len(changes))
	return [os.path.basename(n) for n in os.fsdecode(names).split("\n") if n]
