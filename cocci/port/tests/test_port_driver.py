#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""port-driver's tests: the dead-branch removal and the attribution as
tables, then the command on olddrv/ (a reduced 2.6-era package: a
removed header in front of another, the mutex emulation, version
branches decided and not, and one error no change explains) built
against the default KDIR; those SKIP when no headers are installed.
With ../shared/corpus/port present, the command runs on its smallest
package too.  Output is KTAP.

    test_port_driver.py [SCRATCH]"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
COCCI = os.path.dirname(os.path.dirname(HERE))
REPO = os.path.dirname(COCCI)
sys.path.insert(0, COCCI)

from port_driver import changes, deadcode  # noqa: E402
from modparm_convert import outdir  # noqa: E402

SCRATCH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
			  os.path.join(REPO, "build", "port-driver-tests"))
TOOL = os.path.join(COCCI, "port-driver")
V6_1 = 0x0601c0


def kdir():
	return subprocess.run([TOOL, "--print-kdir"], stdout=subprocess.PIPE,
			      check=True).stdout.decode().strip()


def have_kdir():
	return os.path.isfile(os.path.join(kdir(), "include/generated/uapi/linux/version.h"))


class DeadBranches(unittest.TestCase):
	CASES = [
		# (input, expected output, groups resolved)
		("a\n#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)\nold\n#else\nnew\n#endif\nz",
		 "a\nnew\nz", 1),
		("#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,6,19)\nnew\n#endif", "new", 1),
		("#if LINUX_VERSION_CODE < 0x020613\nold\n#endif\nz", "z", 1),
		("#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)\nx\n#elif LINUX_VERSION_CODE "
		 "< KERNEL_VERSION(7,0,0)\ny\n#else\nw\n#endif", "y", 1),
		# a later kernel than 6.1 keeps its branch for 6.1 only
		("#if LINUX_VERSION_CODE >= KERNEL_VERSION(6,2,0)\nnew\n#else\nold\n#endif", "old", 1),
		# nested: the inner group is decided once the outer is
		("#if LINUX_VERSION_CODE > KERNEL_VERSION(2,6,0)\n#if LINUX_VERSION_CODE < "
		 "KERNEL_VERSION(3,0,0)\nx\n#endif\ny\n#endif", "y", 2),
		# continuation line
		("#if LINUX_VERSION_CODE < \\\n    KERNEL_VERSION(2,6,0)\nold\n#endif\nz", "z", 1),
		# another name: not decided, left whole
		("#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0) || defined(CONFIG_X)\nx\n#endif",
		 "#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0) || defined(CONFIG_X)\nx\n#endif", 0),
		# false branches before an undecided #elif go, the #elif opens the group
		("#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)\nx\n#elif defined(FOO)\nf\n#else\ng\n#endif",
		 "#if defined(FOO)\nf\n#else\ng\n#endif", 1),
		# no version test: nothing to decide
		("#if 0\nx\n#endif\n#ifdef CONFIG_Y\ny\n#endif", "#if 0\nx\n#endif\n#ifdef CONFIG_Y\ny\n#endif", 0),
		# a version macro of the driver's own is not guessed
		("#if LINUX_VERSION_CODE < MY_VERSION(2,6,0)\nx\n#endif",
		 "#if LINUX_VERSION_CODE < MY_VERSION(2,6,0)\nx\n#endif", 0),
	]

	def test_cases(self):
		for src, want, groups in self.CASES:
			with self.subTest(src=src):
				r = deadcode.remove_dead(src, V6_1)
				self.assertEqual(r.text, want)
				self.assertEqual(r.groups, groups)

	def test_undecided_named(self):
		r = deadcode.remove_dead("x\n#if LINUX_VERSION_CODE > KERNEL_VERSION(2,6,0) && "
					 "defined(CONFIG_X)\ny\n#endif\n", V6_1)
		self.assertEqual([ln for ln, _ in r.undecided], [2])


class Attribution(unittest.TestCase):
	def test_message(self):
		c = changes.attribute("implicit declaration of function ‘init_MUTEX’ "
				      "[-Werror=implicit-function-declaration]", "", "")
		self.assertEqual(c.id, "mutex-emulation")

	def test_context(self):
		c = changes.attribute("field ‘stamp’ has incomplete type",
				      "   12 |         struct timeval stamp;", "")
		self.assertEqual(c.id, "timeval")

	def test_declared_by(self):
		# a name undeclared because its old declaration failed
		c = changes.attribute("‘dev_lock’ undeclared (first use in this function)", "",
				      "static DECLARE_MUTEX(dev_lock);\n")
		self.assertEqual(c.id, "mutex-emulation")
		c = changes.attribute("expected ‘=’, ‘,’, ‘;’, ‘asm’ or ‘__attribute__’ before ‘probe’",
				      "", "static int __devinit\nprobe(struct pci_dev *d)\n")
		self.assertEqual(c.id, "devinit")

	def test_weak_after_context(self):
		c = changes.attribute("positional initialization of field in ‘struct’ declared with "
				      "‘designated_init’ attribute", "  9 |  .ioctl = f_ioctl,", "")
		self.assertEqual(c.id, "fops-ioctl")
		c = changes.attribute("positional initialization of field in ‘struct’ declared with "
				      "‘designated_init’ attribute", "  9 |  f_open,", "")
		self.assertEqual(c.id, "randstruct-designated")

	def test_message_before_context(self):
		# a tty_operations .ioctl is not file_operations' one: the
		# message names the tty signature, so the context ".ioctl ="
		# must not decide it
		c = changes.attribute("initialization of ‘int (*)(struct tty_struct *, unsigned int,  "
				      "long unsigned int)’ from incompatible pointer type ‘int (*)(struct "
				      "tty_struct *, struct file *, unsigned int,  long unsigned int)’ "
				      "[-Werror=incompatible-pointer-types]",
				      " 1288 |         .ioctl =                VIAUSBModem_ioctl,", "")
		self.assertEqual(c.id, "tty-ops")
		c = changes.attribute("passing argument 1 of ‘tty_buffer_request_room’ from "
				      "incompatible pointer type [-Werror=incompatible-pointer-types]", "", "")
		self.assertEqual(c.id, "tty-flip-port")

	def test_weak_needs_its_context(self):
		c = changes.attribute("void value not ignored as it ought to be",
				      " 1050 |     ret = unregister_chrdev(MAJOR_NUM, DRIVER_NAME);", "")
		self.assertEqual(c.id, "unregister-chrdev-void")
		self.assertIsNone(changes.attribute("void value not ignored as it ought to be",
						    " 12 |     ret = my_void_helper(x);", ""))

	def test_unknown(self):
		self.assertIsNone(changes.attribute("‘xyz’ undeclared (first use in this function)",
						    "", "int a;\n"))

	def test_migrations_exist(self):
		for c in changes.CHANGES:
			for name in c.cocci:
				p = os.path.normpath(os.path.join(COCCI, "port", name))
				self.assertTrue(os.path.isfile(p), p)
			self.assertTrue(c.messages, c.id)


def tree_hash(d):
	h = hashlib.sha256()
	for root, dirs, files in sorted(os.walk(d)):
		dirs.sort()
		for n in sorted(files):
			p = os.path.join(root, n)
			h.update(p.encode())
			with open(p, "rb") as f:
				h.update(f.read())
	return h.hexdigest()


def run_tool(*args):
	p = subprocess.run([TOOL] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
	return p.returncode, p.stdout.decode(), p.stderr.decode()


class Usage(unittest.TestCase):
	def test_missing_src(self):
		rc, _, err = run_tool(os.path.join(SCRATCH, "no-such-dir"))
		self.assertEqual(rc, 2)
		self.assertIn("no-such-dir: not a directory", err)

	def test_out_inside_src(self):
		src = os.path.join(HERE, "olddrv")
		rc, _, err = run_tool("--no-build", "--out", os.path.join(src, "p"), src)
		self.assertEqual(rc, 2)
		self.assertIn("is inside the sources", err)
		self.assertFalse(os.path.exists(os.path.join(src, "p")))

	def test_out_of_the_user_refused(self):
		"""A directory port-driver did not write is never replaced."""
		out = os.path.join(SCRATCH, "users-dir")
		os.makedirs(out, exist_ok=True)
		with open(os.path.join(out, "NOTES"), "w") as f:
			f.write("mine\n")
		rc, _, err = run_tool("--no-build", "--out", out, os.path.join(HERE, "olddrv"))
		self.assertEqual(rc, 2)
		self.assertIn("port-driver did not write", err)
		with open(os.path.join(out, "NOTES")) as f:
			self.assertEqual(f.read(), "mine\n")

	def test_bad_kdir(self):
		rc, _, err = run_tool("--kdir", SCRATCH, os.path.join(HERE, "olddrv"))
		self.assertEqual(rc, 2)
		self.assertIn("version.h", err)


@unittest.skipUnless(have_kdir(), "no kernel headers (install linux-headers of linux-source-6.1)")
class OldDriver(unittest.TestCase):
	"""The whole command on olddrv/, once for the class."""

	@classmethod
	def setUpClass(cls):
		cls.src = os.path.join(HERE, "olddrv")
		cls.out = os.path.join(SCRATCH, "olddrv-out")
		# an OUT of an earlier run: marked, with a patch this run
		# does not write
		shutil.rmtree(cls.out, ignore_errors=True)
		os.makedirs(cls.out)
		with open(os.path.join(cls.out, outdir.marker("port-driver")), "w") as f:
			f.write(outdir.mark_text("port-driver"))
		with open(os.path.join(cls.out, "0099-stale.patch"), "w") as f:
			f.write("from an earlier run\n")
		cls.hash = tree_hash(cls.src)
		cls.rc, cls.stdout, cls.stderr = run_tool("--out", cls.out, cls.src)
		with open(os.path.join(cls.out, "report.json")) as f:
			cls.rep = json.load(f)

	def test_exit(self):
		self.assertEqual(self.rc, 0, self.stderr)

	def test_src_unchanged(self):
		self.assertEqual(tree_hash(self.src), self.hash)

	def test_out_replaced_whole(self):
		self.assertFalse(os.path.exists(os.path.join(self.out, "0099-stale.patch")))
		self.assertTrue(os.path.isfile(os.path.join(self.out, ".port-driver")))

	def test_counts_add_up(self):
		for s in (self.rep["before"], self.rep["after"]):
			self.assertEqual(s["error_lines"], sum(s["by_change"].values()) + len(s["unknown"]))
			self.assertEqual(s["error_lines"], sum(s["per_file"].values()))
			self.assertEqual(s["files"], s["compiled"] + len(s["failed_files"]))

	def test_before(self):
		b = self.rep["before"]
		self.assertEqual(b["files"], 2)
		self.assertEqual(b["compiled"], 0)
		self.assertEqual(b["kbuild"], "own Makefile")
		# smp_lock.h and the mutex emulation are behind linux/config.h
		for cid in ("linux-config-h", "smp-lock-h", "mutex-emulation"):
			self.assertIn(cid, b["by_change"])
		self.assertGreater(b["hidden"], 0)

	def test_after(self):
		a = self.rep["after"]
		self.assertEqual(a["compiled_files"], ["main.c"])
		self.assertEqual(a["by_change"], {})
		# gcc's own follow-up (control reaches end) is a line of its own
		self.assertTrue(a["unknown"])
		self.assertTrue(all(u.startswith("helper.c:") for u in a["unknown"]), a["unknown"])
		self.assertIn("helper.c:7:", a["unknown"][0])

	def test_series_applies(self):
		work = os.path.join(SCRATCH, "olddrv-applied")
		shutil.rmtree(work, ignore_errors=True)
		shutil.copytree(self.src, work)
		with open(os.path.join(self.out, "series")) as f:
			names = f.read().split()
		self.assertEqual(names, self.rep["patches"])
		self.assertGreaterEqual(len(names), 3)
		for n in names:
			p = subprocess.run(["patch", "-p1", "-s", "-d", work, "-i", os.path.join(self.out, n)],
					   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
			self.assertEqual(p.returncode, 0, p.stdout)
		with open(os.path.join(work, "main.c")) as f:
			text = f.read()
		self.assertNotIn("linux/config.h", text)
		self.assertNotIn("linux/smp_lock.h", text)
		self.assertIn("static DEFINE_SEMAPHORE(olddrv_lock);", text)
		self.assertIn("static int olddrv_version = 2;", text)
		self.assertNotIn("olddrv_version = 1", text)
		# not decidable: kept
		self.assertIn("defined(CONFIG_OLDDRV_EXTRA)", text)

	def test_report_text(self):
		with open(os.path.join(self.out, "report.txt")) as f:
			text = f.read()
		self.assertIn("unknown: helper.c:7:", text)
		self.assertIn("not decided", text)


def have_image():
	from port_driver import load
	return have_kdir() and load.image_for(kdir()) is not None and \
		shutil.which("qemu-system-x86_64") is not None


@unittest.skipUnless(have_image(), "no kernel image for the headers, or no QEMU")
class LoadDriver(unittest.TestCase):
	"""loaddrv/ builds only once patched; its init fails unless the
	semaphores start as the old macros started them, so loading it in
	QEMU proves the conversion kept the behaviour.  procdrv/ likewise
	for a /proc reader."""

	def port_and_load(self, name: str) -> None:
		"""The command on tests/NAME: it builds only once patched, into
		one module that loads and is removed."""
		out = os.path.join(SCRATCH, name + "-out")
		rc, stdout, err = run_tool("--out", out, os.path.join(HERE, name))
		self.assertEqual(rc, 0, err)
		with open(os.path.join(out, "report.json")) as f:
			rep = json.load(f)
		self.assertEqual(rep["before"]["compiled"], 0)
		self.assertEqual(rep["after"]["compiled_files"], [name + ".c"])
		self.assertEqual(rep["after"]["kbuild"], "generated Kbuild")
		self.assertEqual(rep["loads"], [[name + "_drv", True, "loaded and removed"]], stdout)

	def test_loads(self):
		self.port_and_load("loaddrv")

	def test_proc_reader_reads_the_same(self):
		"""procdrv/ reads its /proc file back in its init and fails
		unless the converted show function printed what the old
		read_proc did, with its data."""
		self.port_and_load("procdrv")


CORPUS = os.path.join(REPO, "..", "shared", "corpus", "port")


@unittest.skipUnless(os.path.isfile(os.path.join(CORPUS, "sqcam.tar.xz")),
		     "../shared/corpus/port not present")
@unittest.skipUnless(have_kdir(), "no kernel headers")
class Corpus(unittest.TestCase):
	def test_smallest_package(self):
		d = os.path.join(SCRATCH, "corpus")
		shutil.rmtree(d, ignore_errors=True)
		os.makedirs(d)
		with tarfile.open(os.path.join(CORPUS, "sqcam.tar.xz")) as t:
			t.extractall(d)
		rc, _, err = run_tool("--out", os.path.join(d, "out"), os.path.join(d, "sqcam"))
		self.assertEqual(rc, 0, err)
		with open(os.path.join(d, "out", "report.json")) as f:
			rep = json.load(f)
		# the V4L1 header behind the removed autoconf.h is reported
		self.assertIn("v4l1", rep["before"]["by_change"])


class Ktap(unittest.TestResult):
	def __init__(self):
		super().__init__()
		self.n = 0

	def line(self, test, status, why=""):
		self.n += 1
		print("%s %d %s%s" % (status, self.n, test.id().split(".", 1)[1], why))

	def addSuccess(self, test):
		super().addSuccess(test)
		self.line(test, "ok")

	def addFailure(self, test, err):
		super().addFailure(test, err)
		self.line(test, "not ok")
		print("\n".join("# " + ln for ln in self._exc_info_to_string(err, test).split("\n")))

	def addError(self, test, err):
		super().addError(test, err)
		self.line(test, "not ok")
		print("\n".join("# " + ln for ln in self._exc_info_to_string(err, test).split("\n")))

	def addSkip(self, test, reason):
		super().addSkip(test, reason)
		self.line(test, "ok", " # SKIP " + reason)


if __name__ == "__main__":
	os.makedirs(SCRATCH, exist_ok=True)
	suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
	print("KTAP version 1")
	print("1..%d" % suite.countTestCases())
	r = Ktap()
	suite.run(r)
	sys.exit(0 if r.wasSuccessful() else 1)
