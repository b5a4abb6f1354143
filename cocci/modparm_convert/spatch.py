# SPDX-License-Identifier: GPL-2.0-only
"""Running spatch on the candidate files."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from .config import Config
from .progress import Progress, spatch_counts
from .results import FileResult, DiffError, apply_diff, from_records, parse_log, split_diff

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Mapping

SAFE_RE = re.compile(r'[A-Za-z0-9._/+,-]+')
# the system python, the one Debian's spatch embeds
SYSTEM_PYTHON = "/usr/bin/python3"


def timed(cmd, seconds):
	"""Note one spatch run, its semantic patch, its wall time and when it
	ended (the system's monotonic clock: runs at once overlap), in the
	file $MODPARM_SPATCH_TIMES when set (make bench: how much of a run
	is the semantic patches' own work)."""
	f = os.environ.get("MODPARM_SPATCH_TIMES")
	if f:
		with open(f, "a") as out:
			out.write("%.3f %s %.3f\n" % (seconds, os.path.basename(cmd[cmd.index("--sp-file") + 1]),
						     time.monotonic()))


def run(cmd, **kw):
	"""subprocess.run of a spatch command, timed."""
	t0 = time.monotonic()
	try:
		return subprocess.run(cmd, **kw)
	finally:
		timed(cmd, time.monotonic() - t0)


def python_option():
	"""spatch's --python, naming the system python when there is one.
	Without it spatch runs the first python3 on PATH to find its
	library, in every run: through a pyenv shim that costs half a
	second, more than spatch needs for a small file."""
	if os.access(SYSTEM_PYTHON, os.X_OK):
		return ["--python", SYSTEM_PYTHON]
	return []


def safe_path(path, tmp, n, content=None):
	"""spatch hands file names to diff through a shell, unquoted: give it
	a name without spaces or other shell characters, in a directory of
	links to the file's neighbours (its local headers) and to the nearest
	include/ above it."""
	if SAFE_RE.fullmatch(path) and content is None:
		return path
	real = os.path.realpath(path)
	here = os.path.dirname(real)
	safe = os.path.join(tmp, "safe", str(n))
	os.makedirs(safe)
	for e in os.listdir(here):
		if SAFE_RE.fullmatch(e) and e != "include":
			os.symlink(os.path.join(here, e), os.path.join(safe, e))
	d = here
	while not os.path.isdir(os.path.join(d, "include")) and os.path.dirname(d) != d:
		d = os.path.dirname(d)
	if os.path.isdir(os.path.join(d, "include")):
		os.symlink(os.path.join(d, "include"), os.path.join(safe, "include"))
	name = os.path.join(safe, "modparm-file" + os.path.splitext(path)[1])
	if content is None:
		os.symlink(real, name)
	else:
		# a copy with other line ends, beside the same neighbours
		with open(name, "wb") as f:
			f.write(content)
	return name


def include_path(o: Config) -> list[str]:
	"""modparm.cocci's settings for the package's include path: the -I
	directories, or SRC, whose include/ directories it then searches."""
	src = os.path.abspath(o.src if os.path.isdir(o.src) else os.path.dirname(o.src) or ".")
	out = ["-D", "modparm_src=" + src]
	if o.includes:
		out += ["-D", "modparm_includes=" + ":".join(o.includes)]
	return out


def begin(o: Config, env: Mapping[str, str]) -> "Spatch":
	"""The Spatch of a conversion with the options o, in a new scratch
	directory (its tmp), its tree run begun (Spatch.start)."""
	tmp = tempfile.mkdtemp(prefix="modparm.", dir=env.get("TMPDIR") or "/tmp")
	try:
		sp = Spatch(o.spatch, o.cocci, o.cocci2, o.macros, o.perm, tmp)
		if o.keep_minimum:
			sp.defines = ["-D", "keep_minimum"]
		sp.defines += include_path(o)
		sp.start(o.jobs)
	except BaseException:
		shutil.rmtree(tmp, ignore_errors=True)
		raise
	return sp


def python_errors(log):
	"""{file: the exception} of the scripts of the semantic patch that
	failed, from spatch's log: "IndexError: ... (modparm.cocci line N)".
	A failure of the converter's own code, not of the input.  With
	--file-groups spatch goes on with the next file ("EXN: ... in FILE",
	exit 0); on one file it stops (no file named: key None)."""
	out = {}
	said = []	# the unindented lines since the last file began
	for line in log.split("\n"):
		if line.startswith("HANDLING: "):
			said = []
			continue
		m = re.search(r'Error in Python script, line (\d+), file \\?"(.*?)\\?"', line)
		if m:
			f = re.search(r'\) in (.*)$', line) if line.startswith("EXN:") else None
			exc = [l for l in said if not l.startswith(("Traceback", "EXN:"))]
			out[f.group(1) if f else None] = "%s (%s line %s)" % (
				exc[-1].strip() if exc else "Python failure",
				os.path.basename(m.group(2)), m.group(1))
			continue
		if line.strip() and not line[0].isspace():
			said.append(line)
	return out


def python_error(log):
	"""The failure of the semantic patch's python in a run on one file,
	or None."""
	errs = python_errors(log)
	return next(iter(errs.values())) if errs else None


class Spatch:
	def __init__(self, spatch, cocci, cocci2, macros, perm, tmp):
		self.spatch, self.cocci, self.cocci2 = spatch, cocci, cocci2
		self.macros, self.perm, self.tmp = macros, perm, tmp
		# further -D settings of modparm.cocci (keep_minimum)
		self.defines = []
		# modparm.cocci imports its decisions (modparm_rules/) from
		# its own directory
		pp = os.environ.get("PYTHONPATH")
		self.env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.abspath(cocci)) +
				(":" + pp if pp else ""))
		self.early = None	# the tree run start() began

	def common(self, quiet="--very-quiet"):
		opts = [quiet, "--no-includes"] + python_option()
		if self.macros and os.path.isfile(self.macros):
			opts += ["--macro-file", self.macros]
		return opts

	def one(self, n, path, content=None):
		"""FileResult for one file (the file's text in .new as spatch left it)."""
		sp = safe_path(path, self.tmp, "one.%d" % n, content)
		res = os.path.join(self.tmp, "res.%d.c" % n)
		js = os.path.join(self.tmp, "records.%d.json" % n)
		p = run([self.spatch, "--sp-file", self.cocci, "-D", "patch", "-D", "stats",
				    "-D", "perm=" + self.perm, "-D", "modparm_json=" + js,
				    "--no-show-diff"] + self.defines + self.common() +
				   [sp, "-o", res], stdout=subprocess.DEVNULL,
				   stderr=subprocess.PIPE, cwd=self.tmp, env=self.env)
		log = p.stderr.decode(errors="surrogateescape")
		r = parse_log(log)
		# the log has the decisions; the records add the variables and
		# the declarations
		try:
			with open(js) as f:
				rr = from_records(json.load(f), {sp: 0}).get(0, FileResult())
			if rr.sites:
				r.sites, r.vars, r.decls, r.each = rr.sites, rr.vars, rr.decls, rr.each
		except (OSError, ValueError):
			pass
		if p.returncode != 0 and "no modified files" not in log:
			r.failed = True
			r.crash = python_error(log)
			return r
		if p.returncode != 0:
			res = sp
		if any(d[3] in ("const", "const-charp") for d in r.diags):
			res2 = res + ".2.c"
			q = run([self.spatch, "--sp-file", self.cocci2, "-D", "patch"] +
					   self.common() + [res, "-o", res2],
					   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=self.tmp, env=self.env)
			if q.returncode == 0:
				res = res2
		with open(res, "rb") as f:
			r.new = f.read()
		return r

	def run(self, paths, jobs, contents):
		"""{index: FileResult} for paths, jobs at a time."""
		import concurrent.futures	# pylint: disable=import-outside-toplevel
		out = {}
		with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
			futs = {ex.submit(self.one, n, p, contents.get(n)): n for n, p in enumerate(paths)}
			show = Progress(len(paths))
			try:
				for f in concurrent.futures.as_completed(futs):
					out[futs[f]] = f.result()
					show.show(len(out), sum(len(r.sites) for r in out.values()))
			finally:
				show.done()
		return out

	def groups(self, name, paths):
		"""A --file-groups file: each file is its own group."""
		g = os.path.join(self.tmp, name)
		with open(g, "w", errors="surrogateescape") as f:
			f.write("".join(p + "\n\n" for p in paths))
		return g

	def tree_command(self, jobs, groups):
		"""The spatch command of the tree run."""
		js = os.path.join(self.tmp, "records.json")
		# --quiet, not --very-quiet, and stats: the HANDLING and
		# modparm-site lines are the progress shown on a terminal
		return [self.spatch, "--sp-file", self.cocci, "-D", "patch", "-D", "stats",
			"-D", "perm=" + self.perm, "-D", "modparm_json=" + js] + self.defines + [
			"--jobs", str(jobs), "--tmp-dir", os.path.join(self.tmp, "jobs")] + \
			self.common("--quiet") + ["--file-groups", groups]

	def launch(self, cmd):
		"""(the process, when it began) of the tree run cmd, its output
		in the files diff and spatch.log."""
		with open(os.path.join(self.tmp, "diff"), "wb") as out, \
				open(os.path.join(self.tmp, "spatch.log"), "wb") as err:
			return subprocess.Popen(cmd, stdout=out, stderr=err, cwd=self.tmp,
						env=self.env), time.monotonic()

	def start(self, jobs):
		"""Begin the tree run before its files are known: spatch first
		parses the semantic patch and starts its python, a fixed cost
		(much of a small tree's run) that then overlaps the search
		for the files; it reads their list (--file-groups) from a
		pipe, after that start, and waits there for tree()."""
		fifo = os.path.join(self.tmp, "groups")
		os.mkfifo(fifo)
		cmd = self.tree_command(jobs, fifo)
		self.early = (cmd, fifo) + self.launch(cmd)

	def stop(self):
		"""End the run start() began, when tree() did not take it."""
		if self.early:
			p = self.early[2]
			self.early = None
			if p.poll() is None:
				p.kill()
				p.wait()

	def tree(self, texts, jobs, contents):
		"""{index: FileResult} for the files (absolute paths, texts the
		contents; contents: {index: bytes} of files spatch must see with
		other line ends) in one spatch run with --jobs, or None when that run
		failed (a file broke spatch: run() then isolates it).  The run
		start() began, when there is one."""
		sps = [safe_path(p, self.tmp, n, contents.get(n)) for n, (p, _) in enumerate(texts)]
		index = {p: n for n, p in enumerate(sps)}
		js = os.path.join(self.tmp, "records.json")
		log = os.path.join(self.tmp, "spatch.log")
		show = Progress(len(sps))
		if self.early:
			cmd, fifo, p, t0 = self.early
			self.early = None
			feed(fifo, os.fsencode("".join(s + "\n\n" for s in sps)), p)
		else:
			cmd = self.tree_command(jobs, self.groups("groups", sps))
			p, t0 = self.launch(cmd)
		show.show(0, 0)
		try:
			# Popen.wait(timeout) polls, and notices the end up to
			# 50 ms late: only a terminal's progress needs the timeout
			if not show.on:
				p.wait()
			while p.returncode is None:
				try:
					p.wait(0.5)
					break
				except subprocess.TimeoutExpired:
					show.show(*spatch_counts([log, os.path.join(self.tmp, "jobs*", "stderr.*")]))
		finally:
			if p.poll() is None:
				p.kill()
				p.wait()
			timed(cmd, time.monotonic() - t0)
			show.done()
		if p.returncode != 0 or not os.path.exists(js):
			return None
		with open(js) as f:
			res = from_records(json.load(f), index)
		with open(os.path.join(self.tmp, "diff"), "rb") as f:
			parts = split_diff(f.read().decode("utf-8", "surrogateescape"), index)
		with open(log, errors="surrogateescape") as f:
			crashes = python_errors(f.read())
		charp = []
		for n, (path, text) in enumerate(texts):
			r = res.setdefault(n, FileResult())
			if sps[n] in crashes:
				r.failed, r.crash = True, crashes[sps[n]]
				continue
			try:
				r.new = apply_diff(text, parts.get(sps[n], [])).encode("utf-8", "surrogateescape")
			except DiffError:
				r.failed = True
				continue
			if any(d[3] in ("const", "const-charp") for d in r.diags):
				charp.append(n)
		if charp:
			# the second semantic patch, on copies of the converted text
			copies = []
			for n in charp:
				c = os.path.join(self.tmp, "charp.%d.c" % n)
				with open(c, "wb") as f:
					f.write(res[n].new)
				copies.append(c)
			run([self.spatch, "--sp-file", self.cocci2, "-D", "patch", "--in-place",
					"--jobs", str(jobs), "--tmp-dir", os.path.join(self.tmp, "jobs2")] +
				       self.common() + ["--file-groups", self.groups("groups2", copies)],
				       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=self.tmp, env=self.env)
			for n, c in zip(charp, copies):
				with open(c, "rb") as f:
					res[n].new = f.read()
		return res


def feed(fifo, data, p):
	"""Write data into the named pipe fifo, which process p opens for
	reading; nothing when p ends first (it then fails as a run that
	could not read its files)."""
	while True:
		try:
			fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
			break
		except OSError as e:
			# no reader yet: spatch is still starting
			if e.errno != errno.ENXIO or p.poll() is not None:
				return
			time.sleep(0.005)
	try:
		os.set_blocking(fd, True)
		with os.fdopen(fd, "wb") as f:
			f.write(data)
	except BrokenPipeError:
		pass
